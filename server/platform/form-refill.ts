import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type DefaultTreeAdapterMap, defaultTreeAdapter as tree, html, parse, serialize } from 'parse5';
import { canonicalOf, exportFileOf, isRoutePath } from '@/lib/routes';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * The answer to a form sent without JavaScript that the service refuses (or cannot take now): the
 * built page of that form, as the site shows it, with everything the visitor typed filled in again
 * and each message beside its field. The page comes from the static export (out/), so it is the
 * site's own layout, and nothing the visitor typed ever travels in a URL or is kept on the server.
 */
export interface Refill {
  /** The action of the form to fill (the page may hold other forms). */
  readonly action: string;
  /** What the visitor sent, by control name (repeated names as lists). */
  readonly values: Readonly<Record<string, string | string[]>>;
  /** A message per control name; a name with no control (or '') goes to the form's summary. */
  readonly errors: Readonly<Record<string, string>>;
  /** The message at the top of the form. */
  readonly summary: string;
  /** 'done' shows the summary as the form's success status (the form emptied); else as an alert. */
  readonly outcome?: 'refused' | 'done';
  /** A second submit button beside the summary, sending the form again with its name and value (join the waitlist). */
  readonly offer?: { readonly name: string; readonly value: string; readonly label: string };
}

/** Reads a built page of the site by its path (aliases resolved), or undefined when there is none. */
export type SitePage = (pathname: string) => Promise<string | undefined>;

/** The built pages of the static export in `root()` (out/), read on each use (a rebuild swaps the folder). */
export function builtPages(root: () => string): SitePage {
  return async (pathname) => {
    const page = isRoutePath(pathname) ? pathname : canonicalOf(pathname);
    if (!page) return undefined;
    try {
      return await readFile(path.join(root(), exportFileOf(page)), 'utf8');
    } catch {
      return undefined;
    }
  };
}

const attr = (el: Element, name: string): string | undefined => el.attrs.find((a) => a.name === name)?.value;

function setAttr(el: Element, name: string, value: string | undefined): void {
  const rest = el.attrs.filter((a) => a.name !== name);
  el.attrs = value === undefined ? rest : [...rest, { name, value }];
}

const isElement = (node: Node): node is Element => 'tagName' in node;

function* elements(node: Node): Generator<Element> {
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) {
    if (!isElement(child)) continue;
    yield child;
    yield* elements(child.tagName === 'template' && 'content' in child ? child.content : child);
  }
}

function create(tag: string, attrs: Record<string, string | undefined>, text?: string): Element {
  const list = Object.entries(attrs).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
  const el = tree.createElement(tag, html.NS.HTML, list);
  if (text !== undefined) tree.insertText(el, text);
  return el;
}

function insertAfter(reference: Element, node: Element): void {
  const parent = reference.parentNode;
  if (!parent) return;
  const next = parent.childNodes[parent.childNodes.indexOf(reference) + 1];
  if (next) tree.insertBefore(parent, node, next);
  else tree.appendChild(parent, node);
}

function closest(el: Element, test: (e: Element) => boolean, stop: Element): Element | undefined {
  for (let at = el.parentNode; at && at !== stop && isElement(at); at = at.parentNode) if (test(at)) return at;
  return undefined;
}

const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function fillControl(el: Element, value: string | string[] | undefined): void {
  if (el.tagName === 'textarea') {
    for (const child of [...el.childNodes]) tree.detachNode(child);
    const text = listOf(value).at(-1) ?? '';
    if (text) tree.insertText(el, text);
  } else if (el.tagName === 'select') {
    const chosen = listOf(value);
    for (const option of elements(el)) {
      if (option.tagName !== 'option') continue;
      const own = attr(option, 'value') ?? option.childNodes.map((n) => ('value' in n ? n.value : '')).join('');
      setAttr(option, 'selected', chosen.includes(own) ? '' : undefined);
    }
  } else {
    const type = (attr(el, 'type') ?? 'text').toLowerCase();
    if (type === 'checkbox' || type === 'radio')
      setAttr(el, 'checked', listOf(value).includes(attr(el, 'value') ?? 'on') ? '' : undefined);
    else if (!['submit', 'button', 'hidden', 'reset', 'image', 'file', 'password'].includes(type))
      setAttr(el, 'value', listOf(value).at(-1) ?? '');
  }
}

/** The built page with its form filled in again and its messages shown; undefined when the page has no such form. */
export function refillForm(page: string, refill: Refill): string | undefined {
  const doc = parse(page);
  // The action may be written as an absolute address (a service on another host): its path counts.
  const pathOf = (action: string | undefined) =>
    action === undefined ? undefined : new URL(action, 'http://site').pathname;
  const form = [...elements(doc)].find((el) => el.tagName === 'form' && pathOf(attr(el, 'action')) === refill.action);
  if (!form) return undefined;
  const controls = [...elements(form)].filter(
    (el) => ['input', 'textarea', 'select'].includes(el.tagName) && attr(el, 'name') !== undefined,
  );
  const named = new Map<string, Element[]>();
  for (const el of controls)
    named.set(attr(el, 'name') as string, [...(named.get(attr(el, 'name') as string) ?? []), el]);
  // The honeypot stays empty; every other control shows what was sent (nothing sent: empty).
  for (const [name, els] of named) {
    if (name === 'website') continue;
    for (const el of els) fillControl(el, refill.values[name]);
  }
  const errorClass = attr(form, 'data-error-class');
  const unplaced: string[] = [];
  let first: Element | undefined;
  for (const [name, message] of Object.entries(refill.errors)) {
    const els = named.get(name);
    const control = els?.[0];
    if (!els || !control) {
      unplaced.push(message);
      continue;
    }
    const errorId = `${attr(control, 'id') ?? name}-error`;
    for (const el of els) {
      setAttr(el, 'aria-invalid', 'true');
      setAttr(el, 'aria-describedby', [attr(el, 'aria-describedby'), errorId].filter(Boolean).join(' '));
    }
    const note = create('p', { id: errorId, class: errorClass }, message);
    const type = attr(control, 'type');
    const group =
      type === 'checkbox' || type === 'radio'
        ? (closest(control, (e) => e.tagName === 'fieldset' || attr(e, 'role') === 'radiogroup', form) ??
          closest(control, (e) => e.tagName === 'label', form))
        : undefined;
    if (group?.tagName === 'label') insertAfter(group, note);
    else if (group) tree.appendChild(group, note);
    else insertAfter(control, note);
    first ??= control;
  }
  // Focus starts on the first field to correct (the page's own autofocus gives way).
  for (const el of controls) setAttr(el, 'autofocus', undefined);
  if (first) setAttr(first, 'autofocus', '');
  // The outcome goes where the form's script shows it (its empty live region), else at its top.
  const done = refill.outcome === 'done';
  const role = done ? 'status' : 'alert';
  const region = [...elements(form)].find((el) => attr(el, 'role') === role && el.childNodes.length === 0);
  const outcome = create(
    'p',
    { class: attr(form, done ? 'data-success-class' : 'data-failure-class') },
    refill.summary,
  );
  const box = region ?? create('div', { role });
  tree.appendChild(box, outcome);
  if (refill.offer) {
    const { name, value, label } = refill.offer;
    const line = create('p', {});
    tree.appendChild(line, create('button', { type: 'submit', name, value, class: 'btn btn-secondary' }, label));
    tree.appendChild(box, line);
  }
  if (unplaced.length > 0) {
    const list = create('ul', {});
    for (const message of unplaced) tree.appendChild(list, create('li', {}, message));
    tree.appendChild(box, list);
  }
  const start = form.childNodes[0];
  if (!region && start) tree.insertBefore(form, box, start);
  else if (!region) tree.appendChild(form, box);
  return serialize(doc);
}

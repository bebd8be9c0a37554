import { columnLabel } from '@/lib/dashboard/labels';
import { tableViewPath } from '@/lib/dashboard/views';
import { pageQueryParams, parsePageQuery, pickPageParams } from '@/lib/dashboard/workspace';
import { inboxForms } from '@/lib/forms/registry';
import { proAudioForm } from '@/lib/forms/pro-audio/schema';

describe('the table query', () => {
  it('defaults to the first page, newest first, every status', () => {
    expect(parsePageQuery({})).toEqual({ q: '', status: undefined, sort: 'received', dir: 'desc', page: 1, size: 25 });
  });

  it('keeps what is usable and drops the rest', () => {
    expect(parsePageQuery({ q: '  asha ', status: 'done', sort: 'Email', dir: 'asc', page: '3' })).toMatchObject({
      q: 'asha',
      status: 'done',
      sort: 'Email',
      dir: 'asc',
      page: 3,
    });
    expect(parsePageQuery({ status: 'paid', sort: 'x; DROP TABLE', dir: 'sideways', page: '-2' })).toMatchObject({
      status: undefined,
      sort: 'received',
      dir: 'desc',
      page: 1,
    });
    expect(parsePageQuery({ q: 'x'.repeat(500) }).q).toHaveLength(200);
  });

  it('round-trips through search parameters, defaults left out', () => {
    const query = parsePageQuery({ q: 'pune', status: 'new', sort: 'city', dir: 'asc', page: '2' });
    expect(pageQueryParams(query)).toEqual({ q: 'pune', status: 'new', sort: 'city', dir: 'asc', page: '2' });
    expect(parsePageQuery(pickPageParams({ ...pageQueryParams(query), other: 'x' }))).toEqual(query);
    expect(pageQueryParams(parsePageQuery({}))).toEqual({});
    expect(pickPageParams({ q: ['a', 'b'] })).toEqual({ q: 'a' });
  });
});

describe('column labels', () => {
  it('gives every payload key of every form a human label, not the key', () => {
    for (const form of [...Object.values(inboxForms), proAudioForm])
      for (const key of form.payloadKeys) expect(columnLabel(form.name, key)).toBe(form.labels[key]);
    expect(columnLabel('service-request', 'HeardFrom')).toBe('How did you hear about us?');
    expect(columnLabel('pro-audio', 'additionalServices')).toBe('Additional services');
    expect(columnLabel('x', 'someNewKey')).toBe('Some New Key');
  });
});

it('links a table to its dashboard view', () => {
  expect(tableViewPath('pro-audio')).toBe('get-audio-form-request');
  expect(tableViewPath('masterclass')).toBe('forms/masterclass');
});

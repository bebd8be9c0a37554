/**
 * @jest-environment node
 *
 * deploy/install.sh's clone (deploy/clone-project.sh), as an owner starts it: from their checkout
 * of the project's remote on a branch, at a tag, detached, or on a branch only they have. Each
 * install is on a branch that follows the remote (what npm run update fetches) and serves the
 * commit checked out whenever the remote has it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { inTempDir } from '../temp-dir';

const root = path.resolve(__dirname, '../../..');
const cloneScript = path.join(root, 'deploy/clone-project.sh');
const who = {
  GIT_AUTHOR_NAME: 'Owner',
  GIT_AUTHOR_EMAIL: 'owner@studio.test',
  GIT_COMMITTER_NAME: 'Owner',
  GIT_COMMITTER_EMAIL: 'owner@studio.test',
};

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd, env: { ...process.env, ...who }, encoding: 'utf8', stdio: 'pipe' }).trim();

/** A commit of one more line in `checkout`; its id. */
function commit(checkout: string, line: string): string {
  writeFileSync(path.join(checkout, 'notes.txt'), `${line}\n`, { flag: 'a' });
  git(checkout, 'add', '-A');
  git(checkout, 'commit', '-q', '-m', line);
  return git(checkout, 'rev-parse', 'HEAD');
}

/** The install's clone of `source` into `dir`/site: where it is and what it follows. */
function install(source: string, dir: string) {
  const site = path.join(dir, `site-${Math.random().toString(36).slice(2)}`);
  const run = spawnSync('bash', [cloneScript, source, site], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  return {
    head: git(site, 'rev-parse', 'HEAD'),
    branch: git(site, 'symbolic-ref', '--short', 'HEAD'),
    upstream: git(site, 'rev-parse', '--abbrev-ref', '@{upstream}'),
    said: run.stderr,
  };
}

it('clones from a branch, a tag, a detached checkout and a local branch, each following the remote', () => {
  inTempDir('studio-clone-', (dir) => {
    const remote = path.join(dir, 'remote.git');
    git(dir, 'init', '-q', '--bare', '--initial-branch=main', remote);
    const work = path.join(dir, 'work');
    git(dir, 'clone', '-q', remote, work);
    git(work, 'checkout', '-q', '-b', 'main');
    const first = commit(work, 'version 1');
    git(work, 'tag', 'v1');
    const second = commit(work, 'version 2');
    git(work, 'push', '-q', '--tags', 'origin', 'main');
    git(work, 'checkout', '-q', '-b', 'staging');
    const staging = commit(work, 'staging');
    git(work, 'push', '-q', 'origin', 'staging');

    const owner = path.join(dir, 'owner');
    git(dir, 'clone', '-q', remote, owner);

    // On a branch: that branch.
    git(owner, 'checkout', '-q', 'staging');
    expect(install(owner, dir)).toMatchObject({ head: staging, branch: 'staging', upstream: 'origin/staging' });

    // At a tag, and detached at a commit: the default branch, at the commit checked out.
    git(owner, 'checkout', '-q', 'v1');
    expect(install(owner, dir)).toMatchObject({ head: first, branch: 'main', upstream: 'origin/main' });
    git(owner, 'checkout', '-q', '--detach', second);
    expect(install(owner, dir)).toMatchObject({ head: second, branch: 'main', upstream: 'origin/main' });

    // A branch, and a commit, that only the owner's checkout has: the default branch as it is, saying so.
    git(owner, 'checkout', '-q', '-b', 'mine', 'main');
    const mine = commit(owner, 'not pushed');
    const local = install(owner, dir);
    expect(local).toMatchObject({ head: second, branch: 'main', upstream: 'origin/main' });
    expect(local.said).toContain(`Commit ${mine} is not on ${remote}: installing its default branch`);
  });
}, 60_000);

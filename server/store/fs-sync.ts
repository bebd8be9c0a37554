import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite runs PostgreSQL with fsync off, through Emscripten's NODEFS, which calls Node's fs module
 * (openSync, writeSync, closeSync, renameSync, unlinkSync…) and never fsync. So without help, data
 * files and pg_control reach the operating system but not the disk, while the checkpoint at every
 * clean stop and every start after a crash removes or recycles the WAL segments that could redo
 * them: an OS crash in that window loses rows that were answered 201.
 *
 * This tracker wraps those fs calls for the files under one data folder and keeps PostgreSQL's own
 * order: every file written since the last sync (data files, the WAL) is fsynced before pg_control
 * is written (so the checkpoint record and what it covers are on disk before pg_control points to
 * it), pg_control is fsynced right after, and everything written so far plus the changed folders
 * are fsynced before any file is renamed or removed (a WAL segment recycled or deleted, a
 * relation dropped). A failed fsync is fatal: `onFatal` runs and the operation fails, because after
 * a failed fsync the kernel may have dropped the data and a later fsync can report success.
 */
export interface SyncTracker {
  /** fsyncs every file written since the last sync, and the folders whose entries changed. */
  syncAll(): void;
  /** Stops tracking this folder. */
  dispose(): void;
  /** How many fsyncs this tracker has made (for tests and figures). */
  readonly syncs: number;
}

interface Tracked {
  root: string;
  fdPath: Map<number, string>;
  dirtyFds: Set<number>;
  dirtyPaths: Set<string>;
  dirtyDirs: Set<string>;
  syncs: number;
  onFatal: (error: unknown) => void;
}

const roots = new Set<Tracked>();
type FsFns = Pick<
  typeof fs,
  | 'openSync'
  | 'writeSync'
  | 'ftruncateSync'
  | 'closeSync'
  | 'renameSync'
  | 'unlinkSync'
  | 'mkdirSync'
  | 'writeFileSync'
  | 'chmodSync'
  | 'fchmodSync'
>;
let original: FsFns | undefined;

const owner = (p: unknown): Tracked | undefined => {
  if (typeof p !== 'string') return undefined;
  for (const t of roots) if (p.startsWith(`${t.root}/`)) return t;
  return undefined;
};
const ownerOfFd = (fd: number): Tracked | undefined => {
  for (const t of roots) if (t.fdPath.has(fd)) return t;
  return undefined;
};

function fsyncPath(t: Tracked, target: string): void {
  let fd: number;
  try {
    fd = (original?.openSync ?? fs.openSync)(target, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    fs.fsyncSync(fd);
    t.syncs += 1;
  } finally {
    (original?.closeSync ?? fs.closeSync)(fd);
  }
}

function syncAll(t: Tracked): void {
  try {
    for (const fd of t.dirtyFds) {
      fs.fsyncSync(fd);
      t.syncs += 1;
    }
    t.dirtyFds.clear();
    for (const p of t.dirtyPaths) fsyncPath(t, p);
    t.dirtyPaths.clear();
    for (const d of t.dirtyDirs) fsyncPath(t, d);
    t.dirtyDirs.clear();
  } catch (error) {
    t.onFatal(error);
    throw error;
  }
}

const isPgControl = (p: string) => p.endsWith(`${path.sep}global${path.sep}pg_control`);

/**
 * The database's files are its owner's alone: NODEFS creates them 0666 and sets the modes PostgreSQL
 * asks for; under a tracked folder, no mode ever grants the group or others anything.
 */
const own = (mode: fs.Mode): fs.Mode => (typeof mode === 'number' ? mode & ~0o077 : mode);

function install(): FsFns {
  const o: FsFns = {
    openSync: fs.openSync,
    writeSync: fs.writeSync,
    ftruncateSync: fs.ftruncateSync,
    closeSync: fs.closeSync,
    renameSync: fs.renameSync,
    unlinkSync: fs.unlinkSync,
    mkdirSync: fs.mkdirSync,
    writeFileSync: fs.writeFileSync,
    chmodSync: fs.chmodSync,
    fchmodSync: fs.fchmodSync,
  };
  const patched = fs as { -readonly [K in keyof FsFns]: FsFns[K] };
  patched.openSync = ((file: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
    const t = owner(file);
    const fd = o.openSync(file, flags ?? 'r', t ? own(mode ?? 0o600) : mode);
    if (t) {
      t.fdPath.set(fd, String(file));
      t.dirtyDirs.add(path.dirname(String(file)));
    }
    return fd;
  }) as typeof fs.openSync;
  patched.writeSync = ((fd: number, ...rest: unknown[]) => {
    const t = ownerOfFd(fd);
    const control = t ? isPgControl(t.fdPath.get(fd) ?? '') : false;
    if (t && control) syncAll(t);
    const written = (o.writeSync as (fd: number, ...a: unknown[]) => number)(fd, ...rest);
    if (t) {
      t.dirtyFds.add(fd);
      if (control) syncAll(t);
    }
    return written;
  }) as typeof fs.writeSync;
  patched.ftruncateSync = ((fd: number, len?: number) => {
    o.ftruncateSync(fd, len);
    ownerOfFd(fd)?.dirtyFds.add(fd);
  }) as typeof fs.ftruncateSync;
  patched.closeSync = (fd: number) => {
    const t = ownerOfFd(fd);
    if (t) {
      const p = t.fdPath.get(fd);
      if (t.dirtyFds.delete(fd) && p) t.dirtyPaths.add(p);
      t.fdPath.delete(fd);
    }
    o.closeSync(fd);
  };
  patched.renameSync = (from: fs.PathLike, to: fs.PathLike) => {
    const t = owner(from);
    if (t) syncAll(t);
    o.renameSync(from, to);
    if (t) {
      t.dirtyDirs.add(path.dirname(String(from)));
      t.dirtyDirs.add(path.dirname(String(to)));
      for (const [fd, p] of t.fdPath) if (p === String(from)) t.fdPath.set(fd, String(to));
    }
  };
  patched.unlinkSync = (file: fs.PathLike) => {
    const t = owner(file);
    if (t) syncAll(t);
    o.unlinkSync(file);
    if (t) {
      t.dirtyPaths.delete(String(file));
      t.dirtyDirs.add(path.dirname(String(file)));
    }
  };
  patched.mkdirSync = ((dir: fs.PathLike, options?: fs.MakeDirectoryOptions | fs.Mode | null) =>
    owner(String(dir))
      ? o.mkdirSync(dir, typeof options === 'object' && options ? { ...options, mode: 0o700 } : 0o700)
      : o.mkdirSync(dir, options)) as typeof fs.mkdirSync;
  patched.writeFileSync = ((file: fs.PathOrFileDescriptor, data: string, options?: fs.WriteFileOptions) =>
    o.writeFileSync(
      file,
      data,
      owner(file) && typeof options === 'object' && options
        ? { ...options, mode: own(options.mode ?? 0o600) }
        : options,
    )) as typeof fs.writeFileSync;
  patched.chmodSync = (file: fs.PathLike, mode: fs.Mode) => o.chmodSync(file, owner(String(file)) ? own(mode) : mode);
  patched.fchmodSync = (fd: number, mode: fs.Mode) => o.fchmodSync(fd, ownerOfFd(fd) ? own(mode) : mode);
  return o;
}

/** Tracks the files PGlite writes under `root` (its real path) until dispose(). */
export function trackWrites(root: string, onFatal: (error: unknown) => void): SyncTracker {
  original ??= install();
  const t: Tracked = {
    root,
    fdPath: new Map(),
    dirtyFds: new Set(),
    dirtyPaths: new Set(),
    dirtyDirs: new Set(),
    syncs: 0,
    onFatal,
  };
  roots.add(t);
  return {
    syncAll: () => syncAll(t),
    dispose: () => roots.delete(t),
    get syncs() {
      return t.syncs;
    },
  };
}

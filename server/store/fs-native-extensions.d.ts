/** The part of fs-native-extensions (it ships no types) that the data folder's lock uses. */
declare module 'fs-native-extensions' {
  /** An exclusive (or shared) lock on an open file; false when another holder has it. */
  export function tryLock(fd: number, offset?: number, length?: number, opts?: { shared?: boolean }): boolean;
}

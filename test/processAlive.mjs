// Whether a process lives, for the setup scripts' locks (test/vscode/setup.mjs, test/systems/setup.mjs):
// the same test as src/core/io/temp.ts's processAlive, which these plain scripts cannot import.
// EPERM: it exists, owned by someone else.
export const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

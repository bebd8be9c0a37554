// Jest runs modules in a VM without `import()` (unless Node gets --experimental-vm-modules).
// PGlite's CommonJS bundle loads Node built-ins with `import("fs")` and the like: this rewrites
// those calls to `require`, which is what they resolve to in Node anyway. (The bundle declares its
// own `require` variables in places, hence the alias taken at the top.)
module.exports = {
  process(source) {
    const code = source.replace(
      /\bimport\((["'])([a-z:/_-]+)\1\)/g,
      'Promise.resolve().then(() => __jestRequire("$2"))',
    );
    return { code: `const __jestRequire = require;${code}` };
  },
};

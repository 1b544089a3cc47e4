/**
 * Jest transform for the few CommonJS files in node_modules that load a dependency with `import()`
 * (`@react-email/render` loads `react-dom/server` that way): Jest's module sandbox cannot run a
 * dynamic import without `--experimental-vm-modules`, so the call becomes a `require`, which
 * loads the same module. Nothing else in the file changes.
 */
module.exports = {
  process(source) {
    return { code: source.replace(/\bimport\((["'][^"']+["'])\)/g, 'Promise.resolve().then(() => require($1))') };
  },
};

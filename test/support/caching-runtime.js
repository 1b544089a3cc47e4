const Runtime = require('jest-runtime').default;
const { Script } = require('node:vm');

/**
 * Jest's module runtime (jest.config.js `runtime`), remembering across the files one worker runs
 * what it already did for a module: each test file gets a fresh module registry, as Jest's
 * isolation requires, but the same ~4,000 modules (the app's and its dependencies') were read from
 * disk, looked up in the transform cache and compiled by V8 again for every file. Here a worker
 * keeps each module's transformed code, and V8's code cache of it made after its first run, so a
 * later file only evaluates them. Evaluation, and so every module's state, stays per file.
 *
 * Files do not change during a run (watch mode re-creates the workers); the cache key holds the
 * project and the transform options, so projects with other transforms never share an entry.
 */
const transformed = new Map();
const compiled = new Map();
/** Scripts compiled in this file whose code cache is made once they ran (their lazy functions compiled by then). */
const pending = new Map();

class CachingRuntime extends Runtime {
  transformFile(filename, options) {
    if (options?.isInternalModule) return super.transformFile(filename, options);
    const key = `${this._config.id}\0${filename}\0${Boolean(options?.supportsStaticESM)}\0${Boolean(options?.instrument)}`;
    const known = transformed.get(key);
    if (!known) {
      const code = super.transformFile(filename, options);
      transformed.set(key, { code, transform: this._fileTransforms.get(filename), sourceMapPath: this._sourceMapRegistry.get(filename) });
      return code;
    }
    this._fileTransforms.set(filename, known.transform);
    if (known.sourceMapPath) this._sourceMapRegistry.set(filename, known.sourceMapPath);
    return known.code;
  }

  createScriptFromCode(scriptSource, filename) {
    const known = compiled.get(filename);
    if (this._resolver.isCoreModule(filename)) return super.createScriptFromCode(scriptSource, filename);
    if (!known || known.source !== scriptSource) {
      const script = super.createScriptFromCode(scriptSource, filename);
      pending.set(filename, { script, source: scriptSource });
      return script;
    }
    const script = new Script(this.wrapCodeInModuleWrapper(scriptSource), {
      columnOffset: this._fileTransforms.get(filename)?.wrapperLength,
      displayErrors: true,
      filename,
      cachedData: known.data,
      // As Jest's own: import() is refused without --experimental-vm-modules, which this suite does not use.
      importModuleDynamically: () => Promise.reject(new Error(`import() is not supported in ${filename} (Jest without ESM)`)),
    });
    if (script.cachedDataRejected) compiled.delete(filename);
    return script;
  }

  _execModule(localModule, ...rest) {
    try {
      return super._execModule(localModule, ...rest);
    } finally {
      const ran = pending.get(localModule.filename);
      if (ran) {
        pending.delete(localModule.filename);
        compiled.set(localModule.filename, { source: ran.source, data: ran.script.createCachedData() });
      }
    }
  }
}

module.exports = CachingRuntime;

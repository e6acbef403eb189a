import type { Plugin } from 'vite';

/**
 * antd's form context (antd/es/form/context.js) takes FormProvider from @rc-component/form's index, whose top level
 * hangs Field, List and the rest on the Form it builds. Rollup keeps those property writes (a write may run a setter),
 * and with them the whole form library and its validator, on every page with a tooltip, popover, avatar or dropdown:
 * antd's ContextIsolator reads the form context (about 13 kB of gzip on My Plan, which has no form). FormProvider's own
 * module has none of that, so that import goes to it. Should antd import more from there, the build fails (a name
 * that module does not export) rather than changing silently.
 */
export function rcFormProviderOnly(): Plugin {
  return {
    name: 'abide-rc-form-provider-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
    },
  };
}

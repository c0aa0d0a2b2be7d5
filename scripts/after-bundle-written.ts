// The shape of every build step that works on the app's bundle once it is on disk (vite-prerender.ts,
// vite-compile-hints.ts, vite-precompress.ts), as a Vite plugin.
import path from 'node:path'
import type { Plugin, ResolvedConfig, Rolldown } from 'vite'

/** What a build step after the app's bundle is given: the bundle as written, its folder, and the project's root. */
export interface WrittenBundle {
  bundle: Rolldown.OutputBundle
  outDir: string
  root: string
}

/**
 * A build step that runs once the app's bundle is on disk (not for the renderer's own Node build). Steps that are
 * 'pre' run in the order vite.config.ts lists them, before vite-plugin-pwa's precache list; 'post' ones after it.
 */
export function afterBundleWritten(
  name: string,
  order: 'pre' | 'post',
  step: (written: WrittenBundle) => Promise<void>,
): Plugin {
  let config: ResolvedConfig
  let bundle: Rolldown.OutputBundle | undefined
  return {
    name,
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    writeBundle(_options, output) {
      bundle = output
    },
    closeBundle: {
      sequential: true,
      order,
      async handler() {
        if (!bundle || config.build.ssr) return
        await step({ bundle, outDir: path.resolve(config.root, config.build.outDir), root: config.root })
      },
    },
  }
}

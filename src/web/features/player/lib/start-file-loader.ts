import type Hls from 'hls.js';
import type { LoaderCallbacks, LoaderConfiguration, LoaderContext } from 'hls.js';
import { takeStartFile } from './early-start';

type LoaderClass = typeof Hls.DefaultConfig.loader;

/**
 * hls.js's loader (`Base`, its default XHR loader) answering from the start files kept by early-start.ts: the
 * master playlist, the start media playlist and the first segment, each once, with the timings of the real
 * download so the bandwidth estimate stays true. Anything else, or a kept download that failed, goes to `Base`.
 */
export function withStartFiles(Base: LoaderClass): LoaderClass {
  return class StartFileLoader extends Base {
    private gone = false;

    override load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      const kept = takeStartFile(context.url);
      if (!kept) {
        super.load(context, config, callbacks);
        return;
      }
      void kept.then((file) => {
        if (this.gone) return;
        if (!file) {
          super.load(context, config, callbacks);
          return;
        }
        const { stats } = this;
        stats.loading.start = file.start;
        stats.loading.first = file.first;
        stats.loading.end = file.end;
        stats.loaded = file.bytes;
        stats.total = file.bytes;
        callbacks.onSuccess({ url: context.url, data: file.data }, stats, context, null);
      });
    }

    override abort(): void {
      this.gone = true;
      super.abort();
    }

    override destroy(): void {
      this.gone = true;
      super.destroy();
    }
  };
}

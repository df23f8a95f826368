// Remotion side of bench/remotion_bench.py.
//
//   node render.mjs bundle OUT_DIR
//       Bundles src/index.js (webpack) into OUT_DIR; prints `@@bench {"serveUrl": ...}`.
//   node render.mjs serve SERVE_URL BROWSER_EXECUTABLE
//       Opens the browser once and selects the composition (a warm browser, as the engine's
//       bench keeps one), prints `@@bench {"ready": true}`, then renders once per line read
//       on stdin, {"out": "x.mp4", "concurrency": 2, "x264Preset": null}, and prints
//       `@@bench {...}` with the render's own wall seconds when it is done. Closes the
//       browser at the end of its input.
//
// Renders are renderMedia() with Remotion's defaults (H.264 MP4, its CRF, x264 preset,
// JPEG frames) except the concurrency, the x264 preset when a request names one, and the
// browser: the system's Chromium headless shell (chromeMode "headless-shell", Remotion's
// default mode), never a downloaded one.
import {bundle} from '@remotion/bundler';
import {openBrowser, renderMedia, selectComposition} from '@remotion/renderer';
import path from 'node:path';
import readline from 'node:readline';
import {fileURLToPath} from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const COMPOSITION = 'RenderBench';
const say = (obj) => process.stdout.write(`@@bench ${JSON.stringify(obj)}\n`);

const bundleOnce = async (outDir) => {
	const serveUrl = await bundle({
		entryPoint: path.join(HERE, 'src', 'index.js'),
		outDir: path.resolve(outDir),
		rootDir: HERE,
	});
	say({serveUrl});
};

const serve = async (serveUrl, browserExecutable) => {
	const common = {browserExecutable, chromeMode: 'headless-shell', logLevel: 'error'};
	const browser = await openBrowser('chrome', common);
	const composition = await selectComposition({
		...common,
		serveUrl,
		id: COMPOSITION,
		inputProps: {},
		puppeteerInstance: browser,
	});
	say({ready: true, width: composition.width, height: composition.height,
		fps: composition.fps, frames: composition.durationInFrames});
	const lines = readline.createInterface({input: process.stdin});
	for await (const line of lines) {
		if (!line.trim()) continue;
		const job = JSON.parse(line);
		const started = performance.now();
		await renderMedia({
			...common,
			serveUrl,
			composition,
			codec: 'h264',
			outputLocation: job.out,
			inputProps: {},
			concurrency: job.concurrency,
			x264Preset: job.x264Preset ?? null,
			puppeteerInstance: browser,
			overwrite: true,
		});
		say({done: true, seconds: (performance.now() - started) / 1000,
			frames: composition.durationInFrames});
	}
	await browser.close({silent: true});
};

const [mode, ...args] = process.argv.slice(2);
if (mode === 'bundle') await bundleOnce(args[0]);
else if (mode === 'serve') await serve(args[0], args[1]);
else {
	process.stderr.write('usage: node render.mjs bundle OUT_DIR | serve SERVE_URL BROWSER\n');
	process.exit(2);
}

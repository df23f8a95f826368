import {Composition} from 'remotion';
import {FPS, RenderBench} from './RenderBench';

// render_bench.py's composition: 10 s, 1280x720 (720p, device scale 1), 30 fps = 300 frames.
export const RemotionRoot = () => (
	<Composition
		id="RenderBench"
		component={RenderBench}
		durationInFrames={10 * FPS}
		fps={FPS}
		width={1280}
		height={720}
	/>
);

/* bench/render_bench.py's composition, in Remotion: three scenes (title-intro slide-up,
 * stat-counters count-up, bar-race grow) on the engine's timeline (0-3.5 s, 3-6.5 s, 6-10 s,
 * two 0.5 s fades). The markup and CSS are the engine's own (static/composition.css and each
 * primitive's scene.css, imported from the repository), the motion is each primitive's
 * scene.js render() written with interpolate() and Remotion's Easing, time for time. */
import {
	continueRender,
	delayRender,
	Easing,
	interpolate,
	Sequence,
	useCurrentFrame,
} from 'remotion';
import '../../../static/composition.css';
import '../../../primitives_html/title-intro/scene.css';
import '../../../primitives_html/stat-counters/scene.css';
import '../../../primitives_html/bar-race/scene.css';
import inter400 from '../../../static/fonts/inter-latin-400-normal.woff2';
import inter600 from '../../../static/fonts/inter-latin-600-normal.woff2';
import poppins700 from '../../../static/fonts/poppins-latin-700-normal.woff2';
import poppins800 from '../../../static/fonts/poppins-latin-800-normal.woff2';

export const FPS = 30;

// The faces the engine's page declares for these Latin texts (font-display: block there):
// every frame waits for them, as the engine's page does before its first seek.
const FACES = [
	['Inter', '400', inter400],
	['Inter', '600', inter600],
	['Poppins', '700', poppins700],
	['Poppins', '800', poppins800],
];
const fontsLoaded = delayRender('fonts');
Promise.all(
	FACES.map(([family, weight, url]) => {
		const face = new FontFace(family, `url(${url}) format("woff2")`, {
			weight,
			style: 'normal',
			display: 'block',
		});
		document.fonts.add(face);
		return face.load();
	}),
).then(() => continueRender(fontsLoaded));

// JobBrand() defaults, as the engine's page sets them on #rs-stage.
const STAGE_STYLE = {
	'--font-fallback': 'sans-serif',
	'--accent': '#6366F1',
	'--secondary': '#14B8A6',
	'--on-accent': '#ffffff',
	width: 1280,
	height: 720,
};

// The engine's timeline (app/composition/timeline.py for render_bench.SCENES), in ms.
const TITLE = {startMs: 0, durationMs: 3500};
const STATS = {startMs: 3000, durationMs: 3500};
const BARS = {startMs: 6000, durationMs: 4000};
const FADE_MS = 500;

const outCubic = Easing.out(Easing.cubic);
const inOutCubic = Easing.inOut(Easing.cubic);
const outQuint = Easing.out(Easing.poly(5));

/* 0..1 from `start` over `duration` ms, eased: the runtime's ease(progress(t, start, d)). */
const ramp = (t, start, duration, easing) =>
	interpolate(t, [start, start + duration], [0, 1], {
		easing,
		extrapolateLeft: 'clamp',
		extrapolateRight: 'clamp',
	});

/* Scene-local time in ms (inside a Sequence, the frame counts from the scene's start). */
const useLocalMs = () => (useCurrentFrame() * 1000) / FPS;

/* The runtime drops identity transforms (a settled element keeps none). */
const transform = (value, identity) => (identity ? undefined : value);

/* The runtime's applyTransition() for "fade": in over FADE_MS when the scene has a fade in,
 * out to 0.4 while the next scene fades in over it (from `outAt`, scene-local). */
const sceneStyle = (t, fadeIn, outAt) => {
	let opacity;
	if (fadeIn && t < FADE_MS) opacity = inOutCubic(t / FADE_MS);
	else if (outAt !== null && t >= outAt) opacity = 1 - ramp(t, outAt, FADE_MS, inOutCubic) * 0.6;
	return {visibility: 'visible', opacity};
};

/* ---------- the runtime's number format (formatNumber, "auto" style) ---------- */
const decimalsOf = (n) => {
	if (Math.floor(n) === n) return 0;
	const s = String(n);
	const dot = s.indexOf('.');
	return dot < 0 ? 0 : Math.min(2, s.length - dot - 1);
};
const groupDigits = (n, decimals) => {
	const parts = Math.abs(n).toFixed(decimals).split('.');
	parts[0] = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	return (n < 0 && Number(Math.abs(n).toFixed(decimals)) !== 0 ? '-' : '') + parts.join('.');
};
const UNITS = [
	[1e12, 'T'],
	[1e9, 'B'],
	[1e6, 'M'],
	[1e3, 'k'],
];
const formatNumber = (n, like, trim) => {
	if (Math.abs(like) < 10000) return groupDigits(n, decimalsOf(like));
	const unit = UNITS.find(([size]) => Math.abs(like) >= size);
	const size = Math.abs(like / unit[0]);
	const dec = size >= 100 ? 0 : size >= 10 ? 1 : 2;
	let s = (n / unit[0]).toFixed(dec);
	if (dec > 0 && (trim ?? Math.abs(n - like) < 1e-9)) s = s.replace(/\.?0+$/, '');
	return s + unit[1];
};

/* ---------- title-intro, option slide-up ---------- */
const TitleIntro = ({outAt}) => {
	const t = useLocalMs();
	const nameIn = 200;
	const y = ramp(t, nameIn, 900, outCubic);
	const b = ramp(t, nameIn + 300, 700, outCubic);
	const q = ramp(t, 1000, 700, outCubic);
	const r = ramp(t, 0, 1400, outCubic);
	const settled = r >= 1;
	return (
		<section className="rs-scene rs-p-title-intro rs-opt-slide-up" style={sceneStyle(t, false, outAt)}>
			<div
				className="ti-deco"
				aria-hidden="true"
				style={{
					transform: settled ? undefined : `scale(${0.7 + 0.3 * r}) rotate(${(1 - r) * -40}deg)`,
					opacity: settled ? undefined : r,
				}}
			>
				<span className="ti-ring" />
				<span className="ti-ring ti-ring-2" />
				<span className="ti-dot" />
			</div>
			<div className="rs-frame ti-frame">
				<h1 className="ti-name">
					<span className="ti-name-inner" style={{transform: transform(`translateY(${(1 - y) * 110}%)`, y === 1)}}>
						Dr. Ada Okafor
					</span>
				</h1>
				<div className="rs-accent-bar ti-bar" style={{transform: transform(`scaleX(${b})`, b === 1)}} />
				<p className="ti-subtitle" style={{opacity: q, transform: transform(`translateY(${(1 - q) * 24}px)`, q === 1)}}>
					A year of research
				</p>
			</div>
		</section>
	);
};

/* ---------- stat-counters, option count-up ---------- */
const STAT_ITEMS = [
	{label: 'Publications', value: 214},
	{label: 'Citations', value: 18432},
	{label: 'h-index', value: 61},
];
const COUNTER_START = 400;
const STAGGER = 160;
const COUNT_MS = 1800;

const StatCounters = ({outAt}) => {
	const t = useLocalMs();
	const h = ramp(t, 0, 600, outCubic);
	return (
		<section className="rs-scene rs-p-stat-counters rs-opt-count-up" style={sceneStyle(t, true, outAt)}>
			<div className="rs-frame sc-frame">
				{/* The engine's header holds only white space (not :empty): it keeps the grid's gap. */}
				<header className="sc-head" style={{opacity: h, transform: transform(`translateY(${(1 - h) * 20}px)`, h === 1)}}>
					{' '}
				</header>
				<div className="sc-grid sc-n3">
					{STAT_ITEMS.map((stat, i) => {
						const countStart = COUNTER_START + i * STAGGER;
						const appear = ramp(t, countStart - 350, 600, outCubic);
						const q = ramp(t, countStart, COUNT_MS, outCubic);
						const final = formatNumber(stat.value, stat.value);
						return (
							<div
								key={stat.label}
								className="sc-card"
								style={{opacity: appear, transform: transform(`translateY(${(1 - appear) * 40}px)`, appear === 1)}}
							>
								<div className="sc-value rs-tabular">
									<span className="sc-number">{q >= 1 ? final : formatNumber(stat.value * q, stat.value)}</span>
								</div>
								<div className="sc-label">{stat.label}</div>
							</div>
						);
					})}
				</div>
			</div>
		</section>
	);
};

/* ---------- bar-race, option grow ---------- */
const BAR_ITEMS = [1320, 1580, 1875, 2140, 2410, 2655].map((value, i) => ({label: String(2019 + i), value}));
const RANKED = [...BAR_ITEMS].sort((a, b) => b.value - a.value);
const MAX = RANKED[0].value;
// As bar-race's setup() measures them at 16:9: chart 440 px high at most, six rows of 72 px,
// the track 1088 - 36 - 230 - 2 * 20 = 782 px wide less 140 px kept for the value.
const ROW_H = Math.min(72, 440 / BAR_ITEMS.length);
const TRACK_W = 1088 - 36 - 230 - 2 * 20 - 140;
const BARS_START = 300;
const GROW_MS = 1400;

const BarRace = () => {
	const t = useLocalMs();
	const h = ramp(t, 0, 600, outCubic);
	const show = ramp(t, 0, 500, outCubic);
	return (
		<section className="rs-scene rs-p-bar-race rs-opt-grow" style={sceneStyle(t, true, null)}>
			<div className="rs-frame br-frame">
				<header className="br-head" style={{opacity: h, transform: transform(`translateY(${(1 - h) * 20}px)`, h === 1)}}>
					{' '}
				</header>
				<div className="br-chart" style={{height: `${ROW_H * BAR_ITEMS.length}px`}}>
					{BAR_ITEMS.map((bar) => {
						const rank = RANKED.indexOf(bar);
						const q = ramp(t, BARS_START + rank * 60, GROW_MS, outQuint);
						const width = Math.max(0, ((bar.value * q) / MAX) * TRACK_W);
						const mix = Math.round((rank / (BAR_ITEMS.length - 1)) * 100);
						return (
							<div
								key={bar.label}
								className="br-row"
								style={{
									height: `${ROW_H * 0.74}px`,
									transform: transform(`translateY(${rank * ROW_H}px)`, rank === 0),
									opacity: show,
								}}
							>
								<div className="br-rank">{String(rank + 1)}</div>
								<div className="br-label">{bar.label}</div>
								<div className="br-track">
									<div
										className="br-bar"
										style={{
											'--bar': `color-mix(in srgb, var(--secondary) ${mix}%, var(--accent))`,
											width: `${width}px`,
										}}
									/>
									<div className="br-value" style={{left: `${width + 14}px`}}>
										{formatNumber(bar.value * q, MAX, q >= 1)}
									</div>
								</div>
							</div>
						);
					})}
				</div>
			</div>
		</section>
	);
};

const frames = (ms) => Math.round((ms * FPS) / 1000);

export const RenderBench = () => (
	<div id="rs-stage" data-shape="16:9" style={STAGE_STYLE}>
		<Sequence from={frames(TITLE.startMs)} durationInFrames={frames(TITLE.durationMs)} layout="none">
			<TitleIntro outAt={STATS.startMs - TITLE.startMs} />
		</Sequence>
		<Sequence from={frames(STATS.startMs)} durationInFrames={frames(STATS.durationMs)} layout="none">
			<StatCounters outAt={BARS.startMs - STATS.startMs} />
		</Sequence>
		<Sequence from={frames(BARS.startMs)} durationInFrames={frames(BARS.durationMs)} layout="none">
			<BarRace />
		</Sequence>
	</div>
);

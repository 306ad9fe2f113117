/* Short table sounds made with WebAudio (no sound files): a card sliding, a card laid down, a
   knock on the table, a win and a loss. The switch ("Sound" in the settings) is remembered. */
import { prefs } from "./dom.js";

let ctx = null;

/** Whether sounds are on (on until the player mutes them; remembered in localStorage). */
export function soundOn() {
  return prefs().sound !== false;
}

function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

/** A burst of filtered noise: the sound of a card moving over the felt. */
function swish(a, at, length, freq, gain) {
  const n = Math.floor(a.sampleRate * length);
  const buf = a.createBuffer(1, n, a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 2;
  const src = a.createBufferSource();
  src.buffer = buf;
  const filter = a.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  const g = a.createGain();
  g.gain.value = gain;
  src.connect(filter).connect(g).connect(a.destination);
  src.start(at);
}

/** A short tone with a quick decay. */
function tone(a, at, freq, length, gain, type = "sine") {
  const osc = a.createOscillator();
  osc.type = type;
  osc.frequency.value = freq;
  const g = a.createGain();
  g.gain.setValueAtTime(gain, at);
  g.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(g).connect(a.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

const SOUNDS = {
  draw: (a, t) => swish(a, t, 0.12, 2400, 0.5),
  deal: (a, t) => swish(a, t, 0.07, 3000, 0.35),
  discard: (a, t) => { swish(a, t, 0.08, 1800, 0.5); tone(a, t + 0.05, 180, 0.08, 0.25, "triangle"); },
  knock: (a, t) => { tone(a, t, 110, 0.12, 0.8, "triangle"); tone(a, t + 0.16, 110, 0.12, 0.8, "triangle"); },
  win: (a, t) => [523, 659, 784].forEach((f, i) => tone(a, t + i * 0.11, f, 0.3, 0.25)),
  lose: (a, t) => [392, 330].forEach((f, i) => tone(a, t + i * 0.16, f, 0.35, 0.2)),
  click: (a, t) => tone(a, t, 880, 0.04, 0.12, "square"),
};

/** Play one of the sounds above (nothing when sound is off or WebAudio is missing). */
export function play(name) {
  if (!soundOn() || !SOUNDS[name]) return;
  const a = audio();
  if (!a) return;
  try { SOUNDS[name](a, a.currentTime + 0.01); } catch { /* a sound must never break the table */ }
}

/**
 * What a counted scan feels like on a phone held at a shelf: a short beep
 * and a buzz, so the counter need not look at the screen. Quiet where the
 * browser allows neither (no sound before the first tap; no vibration on
 * iPhones).
 */
let audio: AudioContext | null = null;

export function confirmScan(kind: "counted" | "refused"): void {
  navigator.vibrate?.(kind === "counted" ? 60 : [40, 60, 40]);
  try {
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = kind === "counted" ? 1320 : 330;
    volume.gain.setValueAtTime(0.08, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.12);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.12);
  } catch {
    // no Web Audio here: the buzz and the words on screen still say it
  }
}

/** Level of a frame in dBFS (digital silence: -90). */
export function frameLevelDb(frame: Int16Array): number {
  let sum = 0;
  for (const s of frame) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, frame.length));
  return rms < 1 ? -90 : 20 * Math.log10(rms / 32768);
}

const WARM_UP_FRAMES = 5;

export type VoiceChange = 'speech-started' | 'speech-ended' | null;

/**
 * Energy voice activity detection for 20 ms frames of 8 kHz telephone audio. The noise floor
 * follows the quietest recent level (falling at once, rising slowly), so steady line noise or
 * comfort noise is not speech; speech is a frame well above it. A turn starts after 60 ms of
 * speech and ends after `endOfTurnMs` of silence.
 */
export class VoiceActivity {
  /** Unknown until the first frame; no turn starts in the first WARM_UP_FRAMES while it settles. */
  private floorDb = Infinity;
  private frames = 0;
  private speechRun = 0;
  private silenceRun = 0;
  speaking = false;

  /** Speech has begun but is not a turn yet (under 60 ms). */
  get inOnset(): boolean {
    return !this.speaking && this.speechRun > 0;
  }

  constructor(
    private readonly endOfTurnMs: number,
    private readonly frameMs = 20,
    private readonly aboveFloorDb = 12,
    private readonly minimumDb = -50,
  ) {}

  /** Feeds one frame (null: nothing arrived, silence); says whether a turn started or ended. */
  push(frame: Int16Array | null): VoiceChange {
    const level = frame ? frameLevelDb(frame) : -90;
    const isSpeech = level > Math.max(this.floorDb + this.aboveFloorDb, this.minimumDb);
    if (!this.speaking) {
      // 0.02 dB per frame: the floor rises 1 dB a second under steady noise, and never during speech
      this.floorDb = level < this.floorDb ? level : Math.min(level, this.floorDb + 0.02);
      if (++this.frames <= WARM_UP_FRAMES) return null;
      this.speechRun = isSpeech ? this.speechRun + 1 : 0;
      if (this.speechRun * this.frameMs >= 60) {
        this.speaking = true;
        this.silenceRun = 0;
        return 'speech-started';
      }
      return null;
    }
    this.silenceRun = isSpeech ? 0 : this.silenceRun + 1;
    if (this.silenceRun * this.frameMs >= this.endOfTurnMs) {
      this.speaking = false;
      this.speechRun = 0;
      return 'speech-ended';
    }
    return null;
  }
}

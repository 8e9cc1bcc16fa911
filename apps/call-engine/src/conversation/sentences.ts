/** A sentence ends at . ! ? (or …) followed by space; a decimal point or "Dr." inside a word does not end it. */
const SENTENCE_END = /(?<=[^\s.][.!?…]["')\]]?)\s+(?=["'([]?[A-Z0-9])/;

/** The sentences of a text, each spoken as soon as it is synthesised (the first before the rest). */
export function sentencesOf(text: string): string[] {
  const sentences = text
    .trim()
    .split(SENTENCE_END)
    .map((s) => s.trim())
    .filter(Boolean);
  return sentences.length ? sentences : [text];
}

/**
 * Cuts streamed text (a model's tokens) into sentences as they complete: push() returns the
 * sentences finished by this piece, end() the rest.
 */
export class SentenceStream {
  private buffer = '';

  push(piece: string): string[] {
    this.buffer += piece;
    const parts = this.buffer.split(SENTENCE_END);
    // the last part may still grow; a sentence is only complete once the next one has begun
    this.buffer = parts.pop() ?? '';
    return parts.map((s) => s.trim()).filter(Boolean);
  }

  end(): string[] {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest ? [rest] : [];
  }
}

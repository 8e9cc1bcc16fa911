import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/platform';

/** Where recordings live. The default is a directory; an object store can sit behind the same methods. */
export abstract class RecordingStorage {
  abstract put(key: string, data: Buffer): Promise<void>;
  abstract size(key: string): Promise<number | null>;
  abstract read(key: string, range?: { start: number; end: number }): Readable;
  /** Deletes the file; one already gone is fine (removal runs again after a crash). */
  abstract remove(key: string): Promise<void>;
}

@Injectable()
export class DirectoryRecordingStorage extends RecordingStorage {
  private readonly root: string;

  constructor(config: AppConfig) {
    super();
    this.root = resolve(config.RECORDINGS_DIR);
  }

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, path);
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error('storage key escapes the recordings directory');
    return path;
  }
}

/**
 * Records one proxied connection as a pcap (tunnel contract §1.7): the metadata packet first, then
 * one packet per relayed chunk in each direction, and an empty container→client packet when the
 * container closes its side. Written to a partial file during the session and moved into the
 * capture store when it ends; a session that relayed no byte leaves no file.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import {
  pcapGlobalHeader,
  pcapRecord,
  udpFrame,
  UNSPECIFIED,
  type Endpoint,
} from '../../domain/pcap.js';
import type { CaptureStore } from '../captureStore.js';

/** Chunk size of the recorded packets, as the reference's 4 KiB relay buffers. */
export const CAPTURE_CHUNK_BYTES = 4096;

export interface CaptureDestination {
  store: CaptureStore;
  challengeId: number;
  participationId: number;
  fileName: string;
}

const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);

export class CaptureRecorder {
  private relayedBytes = 0;
  private failure: Error | undefined;

  private constructor(
    private readonly out: WriteStream,
    private readonly partialPath: string,
    private readonly client: Endpoint,
    private readonly container: Endpoint,
    private readonly destination: CaptureDestination,
  ) {
    out.on('error', (error) => (this.failure ??= error));
  }

  static async start(
    destination: CaptureDestination,
    client: Endpoint,
    container: Endpoint,
    metadata: Buffer,
  ): Promise<CaptureRecorder> {
    const path = await destination.store.partialPath();
    const out = createWriteStream(path);
    await once(out, 'open');
    const recorder = new CaptureRecorder(out, path, client, container, destination);
    out.write(pcapGlobalHeader());
    recorder.packet({ address: UNSPECIFIED, port: 65535 }, client, metadata);
    return recorder;
  }

  private packet(from: Endpoint, to: Endpoint, payload: Buffer): void {
    if (this.failure || this.out.destroyed) return;
    this.out.write(pcapRecord(udpFrame(from, to, payload), nowMicros()));
  }

  private chunks(from: Endpoint, to: Endpoint, data: Buffer): void {
    this.relayedBytes += data.length;
    for (let at = 0; at < data.length; at += CAPTURE_CHUNK_BYTES) {
      this.packet(from, to, data.subarray(at, at + CAPTURE_CHUNK_BYTES));
    }
  }

  fromClient(data: Buffer): void {
    this.chunks(this.client, this.container, data);
  }

  fromContainer(data: Buffer): void {
    this.chunks(this.container, this.client, data);
  }

  /** The EOF marker: an empty packet from the container. */
  containerClosed(): void {
    this.packet(this.container, this.client, Buffer.alloc(0));
  }

  /** Closes the file and stores it; answers whether a file was stored. */
  async finish(): Promise<boolean> {
    if (!this.out.destroyed) {
      this.out.end();
      await once(this.out, 'close').catch(() => undefined);
    }
    try {
      if (this.failure) throw this.failure;
      if (this.relayedBytes === 0) return false;
      const { store, challengeId, participationId, fileName } = this.destination;
      await store.save(challengeId, participationId, fileName, this.partialPath);
      return true;
    } finally {
      await rm(this.partialPath, { force: true });
    }
  }
}

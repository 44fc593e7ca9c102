import type { LiveBus, LiveNotice } from './live-bus';
import type { LiveDocStore } from './live-doc-store';
import { Room, SETTLE_DELAY_MS, type LiveSocket } from './live-room';

/**
 * The subtitles open for live editing in this process. A room is made when the first editor
 * joins (the document settled with the rows) and closed, rows written, when the last leaves.
 */
export class LiveRooms {
  private readonly rooms = new Map<string, Promise<Room | null>>();

  constructor(
    private readonly store: LiveDocStore,
    private readonly bus: LiveBus,
    private readonly log: { warn(message: string): void },
    private readonly settleDelayMs = SETTLE_DELAY_MS,
  ) {
    bus.subscribe((notice, from) => void this.heard(notice, from));
  }

  private async heard(notice: LiveNotice, from: string): Promise<void> {
    const room = await this.rooms.get(notice.subtitleId);
    if (!room) return;
    try {
      if (notice.kind === 'rows') await room.settle();
      else if (from === this.bus.processId) return;
      else if (notice.kind === 'update') await room.fetch(notice.updateId);
      else room.remoteAwareness(notice.data);
    } catch (error) {
      this.log.warn(`Live notice for subtitle ${notice.subtitleId} not applied: ${(error as Error).message}`);
    }
  }

  private open(workspaceId: string, subtitleId: string): Promise<Room | null> {
    let room = this.rooms.get(subtitleId);
    if (!room) {
      room = this.store
        .settle(workspaceId, subtitleId)
        .then(
          (settled) =>
            settled &&
            new Room(workspaceId, subtitleId, settled.doc, this.store, this.bus, this.log, this.settleDelayMs),
        );
      this.rooms.set(subtitleId, room);
      room.then(
        (made) => made === null && this.rooms.delete(subtitleId),
        () => this.rooms.delete(subtitleId),
      );
    }
    return room;
  }

  /** An editor's socket joins; null when the subtitle is gone. */
  async join(workspaceId: string, subtitleId: string, socket: LiveSocket) {
    const room = await this.open(workspaceId, subtitleId);
    if (!room) return null;
    room.join(socket);
    return {
      receive: (data: Uint8Array) => room.receive(socket, data),
      leave: async () => {
        if (!room.leave(socket)) return;
        // Rows are written when edits are pending; an editor that only looked (the common case: a
        // person opening the editor to read, a benchmark's nine opens) costs no second settle of
        // the whole document while the next page loads.
        if (room.unsettled) await room.settle();
        if (room.sockets.size > 0 || this.rooms.get(subtitleId) === undefined) return;
        this.rooms.delete(subtitleId);
        room.destroy();
      },
    };
  }

  /** The cue rows were replaced outside the document (PUT …/cues, an import): every open room of it merges them. */
  rowsReplaced(subtitleId: string): Promise<void> {
    return this.bus.publish({ kind: 'rows', subtitleId });
  }

  /**
   * Before the cue rows are read (GET …/cues): edits made here and not yet written into them are
   * written now, so "All changes saved" in the editor is what a reader gets. Other processes'
   * rooms follow within their settle delay.
   */
  async beforeRowsRead(subtitleId: string): Promise<void> {
    const room = await this.rooms.get(subtitleId)?.catch(() => null);
    if (room?.unsettled) await room.settle();
  }

  /** Every open room writes its rows (shutdown). */
  async closeAll(): Promise<void> {
    const rooms = await Promise.all(this.rooms.values());
    this.rooms.clear();
    for (const room of rooms) {
      if (!room) continue;
      for (const socket of room.sockets.keys()) socket.close(1012, 'Restarting');
      await room.settle();
      room.destroy();
    }
  }
}

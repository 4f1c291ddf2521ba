import type { Server } from 'node:http';

/** Listen on host:port, moving to the next port while it is busy (port 0: any free one); resolves with the URL. */
export async function listen(server: Server, host: string, port: number, onBusy?: (port: number) => void): Promise<string> {
  for (let attempt = 0; attempt < 20 && port + attempt <= 65535; attempt++) {
    const candidate = port === 0 ? 0 : port + attempt;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : candidate;
      const shown = host.includes(':') ? `[${host}]` : host;
      return `http://${shown}:${actual}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
      onBusy?.(candidate);
    }
  }
  throw new Error(`no free port found from ${port} to ${Math.min(port + 19, 65535)}`);
}

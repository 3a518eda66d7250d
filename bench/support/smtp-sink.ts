/**
 * A minimal SMTP server for benchmarks, in its own process as a mail server would be:
 * accepts every message (EHLO, MAIL, RCPT, DATA, RSET, QUIT) and counts it; no TLS offered, so
 * the client sends in the clear on loopback. `startSmtpSink()` answers its port, how many messages
 * it has accepted and when the last arrived (epoch ms), and how to stop it.
 */
import { fork } from 'node:child_process';
import net from 'node:net';

type Counts = { received: number; lastAt: number | null };

export async function startSmtpSink() {
  const child = fork(import.meta.filename, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`smtp sink exited ${code}`)));
  });
  const counts = () =>
    new Promise<Counts>((resolve) => {
      child.once('message', (message) => resolve(message as Counts));
      child.send('counts');
    });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { port, counts, stop };
}

// The sink process itself.
if (process.argv[1] === import.meta.filename && process.send) {
  let received = 0;
  let lastAt: number | null = null;
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    socket.write('220 bench-sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          received += 1;
          lastAt = Date.now();
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-bench-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  process.on('message', () => process.send!({ received, lastAt }));
  process.once('SIGTERM', () => process.exit(0));
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as net.AddressInfo).port }));
}

import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';

export interface StoredMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: string;
}

/**
 * A real SMTP server on 127.0.0.1 that appends every received message to a JSON file,
 * which the tests read (see mail.ts). The file is replaced atomically on every write.
 */
export async function startSmtpStore(file: string): Promise<{ port: number; close: () => Promise<void> }> {
  const mails: StoredMail[] = [];
  const save = () => {
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(mails, null, 1));
    fs.renameSync(`${file}.tmp`, file);
  };
  save();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'hausportal-e2e',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        });
        save();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return { port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

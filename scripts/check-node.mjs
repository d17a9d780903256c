// Run before `npm ci`/`npm install` (preinstall) and by `npm start`: on an older Node.js the
// install passes with warnings and the server dies later with a segfault in better-sqlite3 and no
// word, so this says in one sentence what is missing, in German and English.
const NEEDED = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major < NEEDED) {
  console.error(
    `\nHausportal braucht Node.js ${NEEDED} (gefunden: ${process.version}); bitte Node.js ${NEEDED} installieren, z. B. mit „nvm install ${NEEDED}“ (.nvmrc).\n` +
      `Hausportal needs Node.js ${NEEDED} (found ${process.version}); please install Node.js ${NEEDED}, e.g. with "nvm install ${NEEDED}" (.nvmrc).\n`,
  );
  process.exit(1);
}

// Puts the language server into the extension before `vsce package`: ../cli/target/csf.jar (or $CSF_JAR)
// -> server/csf.jar, and makes target/ for the .vsix.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const jar = process.env.CSF_JAR || path.resolve(root, '..', 'cli', 'target', 'csf.jar');
if (!fs.existsSync(jar)) {
    console.error(`copy-server: ${jar} does not exist. Build it first: ./mvnw -DskipTests -pl cli -am package`);
    process.exit(1);
}
fs.mkdirSync(path.join(root, 'server'), { recursive: true });
fs.copyFileSync(jar, path.join(root, 'server', 'csf.jar'));
fs.mkdirSync(path.join(root, 'target'), { recursive: true });
console.log(`copy-server: ${jar} -> server/csf.jar (${fs.statSync(jar).size} bytes)`);

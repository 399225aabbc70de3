// After every `npm install`: remember which package-lock.json node_modules was installed from (see lib/install.mjs).
import { writeInstallStamp } from './lib/install.mjs';

writeInstallStamp();

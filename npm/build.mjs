#!/usr/bin/env node
// Builds the npm packages of mcpshift, ready for `npm pack` or `npm publish`:
//
//   node npm/build.mjs platform --binary PATH [--target TRIPLE] [--out DIR]
//       the package of one binary, @mcpshift/cli-<os>-<arch>[-libc], for the Rust target it was
//       built for (default: this machine's platform), in DIR/cli-<os>-<arch>[-libc]
//   node npm/build.mjs wrapper [--out DIR]
//       the package `mcpshift` (npm/mcpshift with the licences), in DIR/mcpshift
//   node npm/build.mjs verify
//       every channel ships one version (Cargo.toml, the npm packages, the Action), and the
//       wrapper's optional dependencies are the platforms the release workflow builds
//
// DIR defaults to npm/dist. Each command prints the folder it wrote.

import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const NPM = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(NPM);
const WRAPPER = path.join(NPM, 'mcpshift');
const SCOPE = '@mcpshift/cli-';
const LICENCES = ['LICENSE-MIT', 'LICENSE-APACHE'];

/** Rust targets and the npm platform they run on. `libc` restricts a glibc build to glibc; the
 * musl builds are static and run on any Linux, so they carry no `libc` field. */
const TARGETS = {
  'x86_64-unknown-linux-musl': { os: 'linux', cpu: 'x64', suffix: 'musl' },
  'aarch64-unknown-linux-musl': { os: 'linux', cpu: 'arm64', suffix: 'musl' },
  'x86_64-unknown-linux-gnu': { os: 'linux', cpu: 'x64', suffix: 'gnu', libc: 'glibc' },
  'aarch64-unknown-linux-gnu': { os: 'linux', cpu: 'arm64', suffix: 'gnu', libc: 'glibc' },
  'x86_64-apple-darwin': { os: 'darwin', cpu: 'x64' },
  'aarch64-apple-darwin': { os: 'darwin', cpu: 'arm64' },
  'x86_64-pc-windows-msvc': { os: 'win32', cpu: 'x64' },
  'aarch64-pc-windows-msvc': { os: 'win32', cpu: 'arm64' },
};

function fail(message) {
  console.error(`npm/build.mjs: ${message}`);
  process.exit(1);
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function packageName(platform) {
  return `${SCOPE}${platform.os}-${platform.cpu}${platform.suffix ? `-${platform.suffix}` : ''}`;
}

/** The Rust target of this machine, as the release names it. */
function hostTarget() {
  const cpu = { x64: 'x86_64', arm64: 'aarch64' }[process.arch];
  const report = process.report?.getReport?.();
  const glibc = Boolean(report?.header?.glibcVersionRuntime);
  const os = {
    linux: `unknown-linux-${glibc ? 'gnu' : 'musl'}`,
    darwin: 'apple-darwin',
    win32: 'pc-windows-msvc',
  }[process.platform];
  if (!cpu || !os) {
    fail(`no Rust target known for ${process.platform} ${process.arch}; pass --target`);
  }
  return `${cpu}-${os}`;
}

function options(args) {
  const opts = { out: path.join(NPM, 'dist') };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (!flag.startsWith('--') || value === undefined) {
      fail(`expected --option VALUE, got ${flag}`);
    }
    opts[flag.slice(2)] = value;
  }
  return opts;
}

/** A fresh output folder with the licences and a README. */
function stage(dir, readme) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const licence of LICENCES) {
    copyFileSync(path.join(ROOT, licence), path.join(dir, licence));
  }
  if (readme !== undefined) {
    writeFileSync(path.join(dir, 'README.md'), readme);
  }
}

function platform(opts) {
  if (!opts.binary) {
    fail('platform: --binary PATH is required');
  }
  if (!existsSync(opts.binary)) {
    fail(`platform: ${opts.binary} does not exist`);
  }
  const target = opts.target ?? hostTarget();
  const p = TARGETS[target];
  if (!p) {
    fail(`platform: no npm platform for the Rust target ${target}; known: ${Object.keys(TARGETS).join(', ')}`);
  }
  const wrapper = readJson(path.join(WRAPPER, 'package.json'));
  const name = packageName(p);
  const exe = p.os === 'win32' ? 'mcpshift.exe' : 'mcpshift';
  const dir = path.join(opts.out, name.slice('@mcpshift/'.length));
  stage(
    dir,
    `# ${name}\n\nThe mcpshift binary for ${p.os} ${p.cpu} (Rust target \`${target}\`). Install the package ` +
      '[`mcpshift`](https://www.npmjs.com/package/mcpshift), which installs this one where it fits and runs it.\n'
  );
  copyFileSync(opts.binary, path.join(dir, exe));
  chmodSync(path.join(dir, exe), 0o755);
  const manifest = {
    name,
    version: wrapper.version,
    description: `The mcpshift binary for ${p.os} ${p.cpu}`,
    homepage: wrapper.homepage,
    repository: wrapper.repository,
    license: wrapper.license,
    os: [p.os],
    cpu: [p.cpu],
    ...(p.libc ? { libc: [p.libc] } : {}),
    files: [exe, ...LICENCES],
    preferUnplugged: true,
  };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(dir);
}

function wrapper(opts) {
  const dir = path.join(opts.out, 'mcpshift');
  stage(dir);
  mkdirSync(path.join(dir, 'bin'));
  for (const file of ['package.json', 'README.md', 'bin/mcpshift.js']) {
    copyFileSync(path.join(WRAPPER, file), path.join(dir, file));
  }
  chmodSync(path.join(dir, 'bin/mcpshift.js'), 0o755);
  console.log(dir);
}

/** The `version` of Cargo.toml's [package] table. */
function cargoVersion() {
  const text = readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8');
  const table = text.split(/^\[/m).find((t) => t.startsWith('package]'));
  const version = table?.match(/^version\s*=\s*"([^"]+)"/m)?.[1];
  if (!version) {
    fail('verify: Cargo.toml has no [package] version');
  }
  return version;
}

function verify() {
  const problems = [];
  const version = cargoVersion();
  const wrapper = readJson(path.join(WRAPPER, 'package.json'));
  if (wrapper.version !== version) {
    problems.push(`npm/mcpshift/package.json has version ${wrapper.version}, Cargo.toml ${version}`);
  }
  for (const [name, range] of Object.entries(wrapper.optionalDependencies ?? {})) {
    if (range !== version) {
      problems.push(`the optional dependency ${name} is ${range}, not exactly ${version}`);
    }
  }
  // The Action installs the release of its own version unless told otherwise.
  const action = readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
  const actionVersion = action.match(/^ {2}version:\n(?: {4}.*\n)*? {4}default: "([^"]+)"/m)?.[1];
  if (actionVersion !== version) {
    problems.push(`action.yml installs version ${actionVersion} by default, Cargo.toml is ${version}`);
  }
  // The release builds one binary per optional dependency, and nothing else.
  const release = readFileSync(path.join(ROOT, '.github/workflows/release.yml'), 'utf8');
  const targets = [...release.matchAll(/^\s+- target: (\S+)$/gm)].map((m) => m[1]);
  const built = targets.map((t) => (TARGETS[t] ? packageName(TARGETS[t]) : `${t} (unknown target)`)).sort();
  const listed = Object.keys(wrapper.optionalDependencies ?? {}).sort();
  if (JSON.stringify(built) !== JSON.stringify(listed)) {
    problems.push(`release.yml builds ${built.join(', ')}; the wrapper depends on ${listed.join(', ')}`);
  }
  if (problems.length > 0) {
    fail(`verify:\n  ${problems.join('\n  ')}`);
  }
  console.log(`mcpshift ${version}: Cargo.toml, npm (${listed.length} platforms) and action.yml agree`);
}

const [command, ...args] = process.argv.slice(2);
const commands = { platform, wrapper, verify };
if (!commands[command]) {
  fail('usage: node npm/build.mjs platform --binary PATH [--target TRIPLE] [--out DIR] | wrapper [--out DIR] | verify');
}
commands[command](options(args));

import {
  closedPort,
  errorOf,
  RAW_MIRROR_DATA_DIR,
  SHARED_DATA_RAW_LAYOUT,
  serveRawMirror,
  type RawMirror,
} from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DatasetUnavailable,
  DownloadError,
  cachedFilePath,
  downloadVerified,
  fetchDataset,
  loadUpstreamManifest,
  rawFileUrl,
  type RetryPolicy,
  type UpstreamManifest,
} from '../src/index.js';

const FAST_RETRY: RetryPolicy = { attempts: 3, timeoutMs: 10_000, backoffMs: 20 };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('sources: the upstream manifest', () => {
  let manifest: UpstreamManifest;
  before(async () => {
    manifest = await loadUpstreamManifest();
  });

  it('pins the six repositories and commits of shared/data/README.md', () => {
    expect(
      Object.fromEntries(
        manifest.repositories.map((repo) => [`${repo.owner}/${repo.repo}/${repo.commit}`, repo.folder]),
      ),
    ).to.deep.equal(SHARED_DATA_RAW_LAYOUT);
  });

  it("gives every file the SHA-256 and size of shared/data's byte-for-byte copy", () => {
    const files = manifest.datasets.flatMap((dataset) => dataset.files);
    expect(files.length).to.be.greaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(cachedFilePath(RAW_MIRROR_DATA_DIR, file));
      expect([file.path, sha256(bytes), bytes.length]).to.deep.equal([file.path, file.sha256, file.size]);
    }
  });

  it('covers every by_chapter file of hadith-json and every collection file of HadithsJSONFormat, each once', () => {
    const listed = (folder: string, prefix: string) =>
      readdirSync(path.join(RAW_MIRROR_DATA_DIR, folder, prefix), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(path.join(RAW_MIRROR_DATA_DIR, folder), path.join(entry.parentPath, entry.name)))
        .map((file) => file.split(path.sep).join('/'))
        .sort();
    const inManifest = (folder: string) =>
      manifest.datasets
        .flatMap((dataset) => dataset.files)
        .filter((file) => file.folder === folder)
        .map((file) => file.path)
        .sort();
    expect(inManifest('hadith-json')).to.deep.equal(listed('hadith-json', 'db/by_chapter'));
    expect(inManifest('hadith-refs')).to.deep.equal(listed('hadith-refs', 'Sunnah'));
    expect(inManifest('quran-az')).to.deep.equal(['az.mammadaliyev.xml', 'az.musayev.xml']);
  });

  it('imports the corpus words, Tanzil metadata and Simple text by default, from the files the readers need', () => {
    const study = manifest.datasets
      .filter((dataset) => ['quran-words', 'quran-metadata', 'quran-script'].includes(dataset.kind))
      .map(({ name, kind, default: isDefault, script, files }) => [
        name,
        kind,
        isDefault,
        script ?? null,
        files.map((file) => `${file.folder}/${file.path}`),
      ]);
    expect(study).to.deep.equal([
      [
        'quran-words',
        'quran-words',
        true,
        null,
        [
          'quran-corpus/src/main/resources/data/quran-uthmani.xml',
          'quran-corpus/src/main/resources/data/morphology.txt',
          'quran-corpus/src/main/resources/data/translation/word-by-word.txt',
        ],
      ],
      ['quran-metadata', 'quran-metadata', true, null, ['quran-metadata/data/quran-data.xml']],
      ['quran-imlaei', 'quran-script', true, 'imlaei', ['quran-text-simple/quran-simple.txt']],
    ]);
  });

  it('makes az.mammadaliyev the default Azerbaijani edition and az.musayev an edition of its own', () => {
    const translations = manifest.datasets.filter((dataset) => dataset.kind === 'quran-translation');
    expect(
      translations.map(({ name, lang, default: isDefault, files }) => [name, lang, isDefault, files[0]!.path]),
    ).to.deep.equal([
      ['quran-az', 'az', true, 'az.mammadaliyev.xml'],
      ['quran-az-musayev', 'az-musayev', false, 'az.musayev.xml'],
    ]);
  });

  it('builds raw URLs as <base>/<owner>/<repo>/<commit>/<path>, for GitHub or a mirror with a path', () => {
    const repo = manifest.repositories.find((candidate) => candidate.folder === 'hadith-refs')!;
    expect(rawFileUrl('https://raw.githubusercontent.com', repo, 'Sunnah/forty/forty_hadith_qudsi.json')).to.equal(
      `https://raw.githubusercontent.com/CheeseWithSauce/HadithsJSONFormat/${repo.commit}/Sunnah/forty/forty_hadith_qudsi.json`,
    );
    expect(rawFileUrl('http://mirror.local/raw/', repo, 'a b/c.json')).to.equal(
      `http://mirror.local/raw/CheeseWithSauce/HadithsJSONFormat/${repo.commit}/a%20b/c.json`,
    );
  });
});

describe('sources: verified downloads (a local raw mirror of shared/data)', function () {
  this.timeout(60_000);
  const AZ_URL_PATH = `/ZaheeriOS/QuranTranslations/585ee9bf57a45e072831132b92d5ffb4f76a80e1/az.musayev.xml`;
  const azBytes = readFileSync(path.join(RAW_MIRROR_DATA_DIR, 'quran-az', 'az.musayev.xml'));
  const expected = { sha256: sha256(azBytes), size: azBytes.length, name: 'quran-az/az.musayev.xml' };
  let dir: string;
  let mirror: RawMirror | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-download-'));
  });
  afterEach(async () => {
    await mirror?.close();
    mirror = undefined;
    rmSync(dir, { recursive: true, force: true });
  });
  const destination = () => path.join(dir, 'quran-az', 'az.musayev.xml');
  const leftovers = () => readdirSync(path.join(dir, 'quran-az')).filter((name) => name.endsWith('.part'));

  it('stores a file whose bytes match, through a temporary file renamed into place', async () => {
    mirror = await serveRawMirror();
    await downloadVerified(`${mirror.url}${AZ_URL_PATH}`, destination(), expected, FAST_RETRY);
    expect(sha256(readFileSync(destination()))).to.equal(expected.sha256);
    expect(leftovers()).to.deep.equal([]);
  });

  it('refuses bytes that differ from the manifest, naming the file, and leaves the destination as it was', async () => {
    mirror = await serveRawMirror({
      replace: (file) => (file === 'quran-az/az.musayev.xml' ? Buffer.from('<quran/>') : undefined),
    });
    mkdirSync(path.dirname(destination()), { recursive: true });
    writeFileSync(destination(), 'the old bytes');
    const error = await errorOf(downloadVerified(`${mirror.url}${AZ_URL_PATH}`, destination(), expected, FAST_RETRY));
    expect(error).to.be.instanceOf(DownloadError);
    expect((error as DownloadError).kind).to.equal('mismatch');
    expect(error.message)
      .to.contain('quran-az/az.musayev.xml does not match the manifest')
      .and.contain(expected.sha256);
    expect(readFileSync(destination(), 'utf8')).to.equal('the old bytes');
    expect(leftovers()).to.deep.equal([]);
    expect(mirror.requests, 'a mismatch is not retried').to.deep.equal([AZ_URL_PATH]);
  });

  it('retries a transient failure (503) and succeeds on a later attempt', async () => {
    mirror = await serveRawMirror({ failWith: (_path, requestNumber) => (requestNumber <= 2 ? 503 : undefined) });
    await downloadVerified(`${mirror.url}${AZ_URL_PATH}`, destination(), expected, FAST_RETRY);
    expect(mirror.requests).to.deep.equal([AZ_URL_PATH, AZ_URL_PATH, AZ_URL_PATH]);
    expect(existsSync(destination())).to.equal(true);
  });

  it('gives up after the bound of attempts, naming the file, and stores nothing', async () => {
    mirror = await serveRawMirror({ failWith: () => 503 });
    const error = await errorOf(downloadVerified(`${mirror.url}${AZ_URL_PATH}`, destination(), expected, FAST_RETRY));
    expect((error as DownloadError).kind).to.equal('unreachable');
    expect(error.message).to.contain('quran-az/az.musayev.xml').and.contain('after 3 attempts').and.contain('503');
    expect(mirror.requests).to.have.length(3);
    expect(existsSync(destination())).to.equal(false);
  });

  it('does not retry a 404, and says the file is missing upstream', async () => {
    mirror = await serveRawMirror();
    const url = `${mirror.url}/ZaheeriOS/QuranTranslations/585ee9bf57a45e072831132b92d5ffb4f76a80e1/az.nope.xml`;
    const error = await errorOf(downloadVerified(url, destination(), expected, FAST_RETRY));
    expect((error as DownloadError).kind).to.equal('missing');
    expect(error.message).to.contain('404');
    expect(mirror.requests).to.have.length(1);
  });

  it('calls a closed port unreachable after the bound of attempts', async () => {
    const url = `http://127.0.0.1:${await closedPort()}${AZ_URL_PATH}`;
    const error = await errorOf(downloadVerified(url, destination(), expected, FAST_RETRY));
    expect((error as DownloadError).kind).to.equal('unreachable');
    expect(error.message).to.contain('ECONNREFUSED');
  });
});

describe('sources: a dataset in the download cache', function () {
  this.timeout(60_000);
  let manifest: UpstreamManifest;
  let dir: string;
  let mirror: RawMirror;
  before(async () => {
    manifest = await loadUpstreamManifest();
    mirror = await serveRawMirror();
    dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-cache-'));
  });
  after(async () => {
    await mirror.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const dataset = () => manifest.datasets.find((candidate) => candidate.name === 'hadith-qudsi40')!;
  const options = () => ({ cacheDir: dir, rawBase: mirror.url, retry: FAST_RETRY });

  it('fetches every file once into a cache laid out like shared/data, then nothing while it matches', async () => {
    const first = await fetchDataset(manifest, dataset(), options());
    expect(first).to.include({ files: 2, cached: 0, fetched: 2 });
    for (const file of dataset().files) {
      expect(readFileSync(cachedFilePath(dir, file))).to.deep.equal(
        readFileSync(cachedFilePath(RAW_MIRROR_DATA_DIR, file)),
      );
    }
    const requests = mirror.requests.length;
    const second = await fetchDataset(manifest, dataset(), options());
    expect(second).to.include({ cached: 2, fetched: 0 });
    expect(mirror.requests.length).to.equal(requests);
  });

  it('fetches again only a cached file whose bytes changed', async () => {
    const changed = dataset().files[1]!;
    writeFileSync(cachedFilePath(dir, changed), '[]');
    mirror.requests.length = 0;
    const report = await fetchDataset(manifest, dataset(), options());
    expect(report).to.include({ cached: 1, fetched: 1 });
    expect(mirror.requests).to.deep.equal([
      `/CheeseWithSauce/HadithsJSONFormat/${manifest.repositories[2]!.commit}/${changed.path}`,
    ]);
  });

  it('removes a file the manifest does not list from the folders of the dataset (an older one)', async () => {
    const folder = path.dirname(cachedFilePath(dir, dataset().files[0]!));
    writeFileSync(path.join(folder, 'stray.json'), '{}');
    writeFileSync(path.join(folder, 'notes.txt'), 'kept');
    const report = await fetchDataset(manifest, dataset(), options());
    expect(report).to.include({ fetched: 0, pruned: 1 });
    expect(existsSync(path.join(folder, 'stray.json'))).to.equal(false);
    expect(readFileSync(path.join(folder, 'notes.txt'), 'utf8')).to.equal('kept');
  });

  it('names the dataset and what is missing when the mirror is unreachable; later fetches are skipped', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'islamic-data-cache-empty-'));
    const reachability = { unreachable: null as string | null };
    const rawBase = `http://127.0.0.1:${await closedPort()}`;
    const error = await errorOf(
      fetchDataset(manifest, dataset(), { cacheDir: empty, rawBase, retry: FAST_RETRY, reachability }),
    );
    expect(error).to.be.instanceOf(DatasetUnavailable);
    expect(error.message).to.contain('hadith-qudsi40: 2 of 2 files could not be fetched');
    expect(reachability.unreachable).to.equal(`${rawBase} is unreachable`);
    const nawawi = manifest.datasets.find((candidate) => candidate.name === 'hadith-nawawi40')!;
    const skipped = await errorOf(
      fetchDataset(manifest, nawawi, { cacheDir: empty, rawBase, retry: FAST_RETRY, reachability }),
    );
    expect(skipped.message).to.equal(
      `hadith-nawawi40: 2 of 2 files are not in the cache and ${rawBase} is unreachable.`,
    );
    rmSync(empty, { recursive: true, force: true });
  });
});

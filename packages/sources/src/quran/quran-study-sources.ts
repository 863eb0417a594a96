import { validationError, type AyahText, type QuranWord, type SurahFacts } from '@islamic-data/core';
import { SaxesParser } from 'saxes';

/** Where each study dataset's files are inside its repository's folder (shared/data README §5–7). */
export const CORPUS_DATA_DIR = 'src/main/resources/data';
export const CORPUS_FILES = {
  uthmani: `${CORPUS_DATA_DIR}/quran-uthmani.xml`,
  morphology: `${CORPUS_DATA_DIR}/morphology.txt`,
  glosses: `${CORPUS_DATA_DIR}/translation/word-by-word.txt`,
} as const;
export const TANZIL_METADATA_FILE = 'data/quran-data.xml';
export const TANZIL_SIMPLE_FILE = 'quran-simple.txt';

/** Every element of an XML document with its attributes, in document order (XML rules: entities, line ends). */
function xmlElements(text: string, what: string): { name: string; attributes: Record<string, string> }[] {
  const parser = new SaxesParser();
  const elements: { name: string; attributes: Record<string, string> }[] = [];
  parser.on('opentag', (tag) =>
    elements.push({ name: tag.name, attributes: tag.attributes as Record<string, string> }),
  );
  try {
    parser.write(text).close();
  } catch (error) {
    throw validationError(`${what} is not valid XML: ${(error as Error).message}`);
  }
  return elements;
}

const int = (value: string | undefined, what: string) => {
  if (value === undefined || !/^\d+$/.test(value)) throw validationError(`${what}: '${value ?? ''}' is not a number.`);
  return Number(value);
};

/**
 * Tanzil's metadata (`quran-data.xml`): each surah's revelation order and ruku count, and the pages it
 * spans, from the page starts (a page belongs to every surah that has an ayah on it).
 */
export function readTanzilMetadata(text: string): SurahFacts[] {
  const elements = xmlElements(text, 'The Tanzil metadata');
  const suras = elements.filter((element) => element.name === 'sura');
  const pages = elements
    .filter((element) => element.name === 'page')
    .map((page) => ({
      index: int(page.attributes.index, 'page index'),
      surah: int(page.attributes.sura, 'page sura'),
      ayah: int(page.attributes.aya, 'page aya'),
    }));
  if (suras.length !== 114 || pages.length === 0)
    throw validationError(`The Tanzil metadata lists ${suras.length} suras and ${pages.length} pages.`);
  /** The page an ayah is on: the last page starting at or before it. */
  const pageOf = (surah: number, ayah: number) => {
    let found = 1;
    for (const page of pages) if (page.surah < surah || (page.surah === surah && page.ayah <= ayah)) found = page.index;
    return found;
  };
  return suras.map((sura) => {
    const surah = int(sura.attributes.index, 'sura index');
    const ayahs = int(sura.attributes.ayas, `sura ${surah} ayas`);
    return {
      surah,
      revelationOrder: int(sura.attributes.order, `sura ${surah} order`),
      rukus: int(sura.attributes.rukus, `sura ${surah} rukus`),
      pages: { first: pageOf(surah, 1), last: pageOf(surah, ayahs) },
    };
  });
}

/**
 * Tanzil's "text with aya numbers" (`sura|aya|text`, then its copyright block): each ayah's text
 * verbatim, basmala prefix included where the file has it.
 */
export function readTanzilSimple(text: string): AyahText[] {
  const texts: AyahText[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\d{1,3})\|(\d{1,3})\|(.+)$/.exec(line);
    if (!match) throw validationError(`Line ${index + 1} of the Tanzil text is not 'sura|aya|text'.`);
    texts.push({ surah: Number(match[1]), ayah: Number(match[2]), text: match[3]! });
  }
  return texts;
}

/**
 * The corpus's words (shared/data README §5): the words of `quran-uthmani.xml` in document order,
 * split on spaces (the `bismillah` attribute is not read; in 37:130 the space inside the final
 * two-part name does not split it), numbered 1..n in each ayah; line N of the morphology and of
 * the glosses belongs to word N. Counts that disagree are refused.
 */
export function readCorpusWords(files: { uthmani: string; morphology: string; glosses: string }): QuranWord[] {
  const lines = (text: string) => text.replace(/\n$/, '').split('\n');
  const morphology = lines(files.morphology);
  const glosses = lines(files.glosses);
  const words: QuranWord[] = [];
  let surah = 0;
  for (const element of xmlElements(files.uthmani, 'The corpus Uthmani text')) {
    if (element.name === 'sura') surah = int(element.attributes.index, 'sura index');
    if (element.name !== 'aya') continue;
    const ayah = int(element.attributes.index, `aya of sura ${surah}`);
    const parts = (element.attributes.text ?? '').split(' ');
    // Upstream Tokenizer.isTokenSeparator: in 37:130 the space inside the final two-part name does not separate.
    if (surah === 37 && ayah === 130 && parts.length > 1) parts.push(`${parts.splice(-2).join(' ')}`);
    for (const [i, textAr] of parts.entries()) {
      const line = morphology[words.length];
      const gloss = glosses[words.length];
      if (line === undefined || gloss === undefined)
        throw validationError(`The corpus files end before word ${surah}:${ayah}:${i + 1}.`);
      words.push({ surah, ayah, position: i + 1, textAr, glossEn: gloss, ...morphologyOf(line) });
    }
  }
  if (words.length !== morphology.length || words.length !== glosses.length)
    throw validationError(
      `The corpus text has ${words.length} words, but ${morphology.length} morphology and ` +
        `${glosses.length} gloss lines.`,
    );
  return words;
}

/** The root, lemma and part of speech of a morphology line (its first stem's); the line itself as features. */
function morphologyOf(line: string): Pick<QuranWord, 'root' | 'lemma' | 'pos' | 'features'> {
  const item = (prefix: string) =>
    line
      .split(' ')
      .find((part) => part.startsWith(prefix))
      ?.slice(prefix.length);
  return { root: item('ROOT:') ?? null, lemma: item('LEM:') ?? null, pos: item('POS:') ?? '', features: line };
}

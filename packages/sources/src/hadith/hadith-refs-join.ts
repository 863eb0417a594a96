import { validationError, type HadithSourceCollection, type SourceHadith } from '@islamic-data/core';
import {
  HADITH_REFS_PLACES,
  normaliseArabic,
  parseGrade,
  parseReference,
  type HadithRefsRecord,
  type ParsedGrade,
} from './hadith-refs-format.js';

const UNGRADED = new Set(['bukhari', 'muslim', 'malik', 'nawawi40', 'qudsi40']);

/** More disagreeing Arabic than this share of a collection means the two sources are not aligned. */
const MAX_DISAGREEING_SHARE = 0.05;

/**
 * Gives a hadith-json collection the standard numbers, references and grades of hadith-refs,
 * joined by position (record i is hadith i; README §4). The join is checked: the counts must be
 * equal and the normalised Arabic must agree (the forties need only open alike: their refs
 * add `رواه …` lines and remarks); disagreements and fields that could not be read are counted in `report`.
 */
export function joinHadithRefs(
  collection: HadithSourceCollection,
  records: HadithRefsRecord[],
): HadithSourceCollection {
  const { slug } = collection.info;
  const place = HADITH_REFS_PLACES[slug]!;
  if (records.length !== collection.hadiths.length)
    throw validationError(
      `hadith-refs has ${records.length} records of '${slug}' and hadith-json ` +
        `${collection.hadiths.length}: they cannot be joined.`,
    );
  const report = { disagreements: 0, unparsableReferences: 0, unparsableGrades: 0, notGrades: 0 };
  const hadiths: SourceHadith[] = collection.hadiths.map((hadith, index) => {
    const record = records[index]!;
    if (!sameArabic(hadith.textAr ?? '', record.arabic, place.folder === 'forty')) report.disagreements++;
    const reference = parseReference(place, hadith.sequence, record.reference);
    if (!reference) report.unparsableReferences++;
    // Bukhari, Muslim, Malik and the forties carry no grade: their grade field repeats the reference.
    const grade: ParsedGrade = UNGRADED.has(slug) ? { kind: 'none' } : parseGrade(record.grade);
    if (grade.kind === 'unparsable') report.unparsableGrades++;
    if (grade.kind === 'not-a-grade') report.notGrades++;
    return {
      ...hadith,
      number: reference ? reference.number : null,
      citation: reference?.citation ?? `${collection.info.name} ${hadith.sequence}`,
      inBook: reference?.inBook ?? null,
      grade: grade.kind === 'grade' ? grade.grade : null,
      grades: grade.kind === 'grade' ? grade.grades : [],
    };
  });
  if (report.disagreements > records.length * MAX_DISAGREEING_SHARE)
    throw validationError(
      `The Arabic of ${report.disagreements} of ${records.length} records of '${slug}' differs between ` +
        `hadith-json and hadith-refs: they are not aligned.`,
    );
  const numbering = place.citedAs === null && place.folder !== 'forty' ? 'sequence' : 'sunnah.com';
  return { ...collection, info: { ...collection.info, numbering }, hadiths, report };
}

/** Letters of the opening that identify a hadith when one source adds to its text. */
const OPENING = 40;

function sameArabic(a: string, b: string, byOpening: boolean): boolean {
  const [x, y] = [normaliseArabic(a), normaliseArabic(b)];
  return x === y || (byOpening && x.length >= OPENING && x.slice(0, OPENING) === y.slice(0, OPENING));
}

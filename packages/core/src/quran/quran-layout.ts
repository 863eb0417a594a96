import { notFound } from '../errors.js';
import type { AyahRef } from './quran.js';

/** The ways the Quran is divided for recitation, each numbered from 1 in mushaf order. */
export const QURAN_DIVISIONS = ['juz', 'page', 'hizbQuarter', 'ruku', 'manzil'] as const;
export type QuranDivision = (typeof QURAN_DIVISIONS)[number];

/**
 * Where each division starts, as pure data: ayahs are numbered 1..n through the whole Quran in mushaf
 * order (1:1 is 1). A layout comes from outside the core (a maintained package; see the sources package).
 */
export interface QuranLayout {
  /** Ayahs per surah, surah 1 first. */
  surahAyahCounts: number[];
  /** The first ayah (whole-Quran number) of each division, division 1 first. */
  starts: Record<QuranDivision, number[]>;
  /** The ayahs (whole-Quran numbers) carrying a prostration of recitation, in order. */
  sajdas: number[];
}

/** Where an ayah sits in each division, and whether it carries a sajda. */
export interface AyahNavigation {
  juz: number;
  page: number;
  hizbQuarter: number;
  ruku: number;
  manzil: number;
  sajda: boolean;
}

/** The first and last ayah of one division. */
export interface AyahSpan {
  from: AyahRef;
  to: AyahRef;
}

/** Answers, for a layout, where an ayah sits and which ayahs a division holds; built once per process. */
export class QuranNavigator {
  private readonly surahStarts: number[] = [];
  private readonly refs: AyahRef[] = [];
  private readonly divisionOf: Record<QuranDivision, Uint16Array>;
  private readonly sajdas: Set<number>;

  constructor(readonly layout: QuranLayout) {
    layout.surahAyahCounts.forEach((count, index) => {
      this.surahStarts.push(this.refs.length + 1);
      for (let ayah = 1; ayah <= count; ayah++) this.refs.push({ surah: index + 1, ayah });
    });
    const total = this.refs.length;
    this.divisionOf = Object.fromEntries(
      QURAN_DIVISIONS.map((division) => {
        const numbers = new Uint16Array(total + 1);
        const starts = layout.starts[division];
        starts.forEach((start, i) => numbers.fill(i + 1, start, i + 1 < starts.length ? starts[i + 1] : total + 1));
        return [division, numbers];
      }),
    ) as Record<QuranDivision, Uint16Array>;
    this.sajdas = new Set(layout.sajdas);
  }

  /** How many divisions of this kind there are. */
  count(division: QuranDivision): number {
    return this.layout.starts[division].length;
  }

  /** The whole-Quran number of an ayah; undefined when the layout has no such ayah. */
  indexOf(surah: number, ayah: number): number | undefined {
    const start = this.surahStarts[surah - 1];
    if (start === undefined || ayah < 1 || ayah > this.layout.surahAyahCounts[surah - 1]!) return undefined;
    return start + ayah - 1;
  }

  navigationOf(surah: number, ayah: number): AyahNavigation {
    const index = this.indexOf(surah, ayah);
    if (index === undefined) throw new Error(`The Quran layout has no ayah ${surah}:${ayah}.`);
    return {
      juz: this.divisionOf.juz[index]!,
      page: this.divisionOf.page[index]!,
      hizbQuarter: this.divisionOf.hizbQuarter[index]!,
      ruku: this.divisionOf.ruku[index]!,
      manzil: this.divisionOf.manzil[index]!,
      sajda: this.sajdas.has(index),
    };
  }

  /** The span of division `n`; 404 when there is no such division. */
  spanOf(division: QuranDivision, n: number): AyahSpan {
    const starts = this.layout.starts[division];
    if (!Number.isInteger(n) || n < 1 || n > starts.length)
      throw notFound(`There is no ${DIVISION_NAMES[division]} ${n}: they are numbered 1 to ${starts.length}.`);
    const last = n < starts.length ? starts[n]! - 1 : this.refs.length;
    return { from: this.refs[starts[n - 1]! - 1]!, to: this.refs[last - 1]! };
  }

  /** The sajda ayahs, in order. */
  sajdaRefs(): AyahRef[] {
    return this.layout.sajdas.map((index) => this.refs[index - 1]!);
  }

  /** Every ayah of the span, in order. */
  refsOf(span: AyahSpan): AyahRef[] {
    return this.refs.slice(
      this.indexOf(span.from.surah, span.from.ayah)! - 1,
      this.indexOf(span.to.surah, span.to.ayah),
    );
  }
}

const DIVISION_NAMES: Record<QuranDivision, string> = {
  juz: 'juz',
  page: 'page',
  hizbQuarter: 'hizb quarter',
  ruku: 'ruku',
  manzil: 'manzil',
};

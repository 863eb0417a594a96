import { isDeepStrictEqual } from 'node:util';
import type { AyahRef, AyahText } from '../quran/quran.js';
import type { Snapshottable } from '../shared/snapshottable.js';
import type {
  AyahWordCount,
  QuranScript,
  QuranStudyStore,
  QuranWord,
  SurahFacts,
  WordField,
  WordRef,
} from './quran-study.js';

interface State {
  facts: SurahFacts[];
  scripts: Map<QuranScript, AyahText[]>;
  words: QuranWord[];
}

const compare = (a: AyahRef, b: AyahRef) => a.surah - b.surah || a.ayah - b.ayah;
const compareWords = (a: WordRef, b: WordRef) => compare(a, b) || a.position - b.position;
const within = (from: AyahRef, to: AyahRef) => (ref: AyahRef) => compare(ref, from) >= 0 && compare(ref, to) <= 0;

export class InMemoryQuranStudyStore implements QuranStudyStore, Snapshottable {
  private state: State = { facts: [], scripts: new Map(), words: [] };

  async listSurahFacts() {
    return structuredClone(this.state.facts);
  }

  async replaceSurahFacts(facts: SurahFacts[]) {
    const sorted = [...facts].sort((a, b) => a.surah - b.surah);
    if (isDeepStrictEqual(sorted, this.state.facts)) return false;
    this.state.facts = structuredClone(sorted);
    return true;
  }

  async listScriptTexts(script: QuranScript, from: AyahRef, to: AyahRef) {
    return structuredClone((this.state.scripts.get(script) ?? []).filter(within(from, to)));
  }

  async replaceScriptTexts(script: QuranScript, texts: AyahText[]) {
    const sorted = [...texts].sort(compare);
    if (isDeepStrictEqual(sorted, this.state.scripts.get(script) ?? [])) return false;
    this.state.scripts.set(script, structuredClone(sorted));
    return true;
  }

  async listWords(from: AyahRef, to: AyahRef) {
    return structuredClone(this.state.words.filter(within(from, to)));
  }

  async replaceWords(words: QuranWord[]) {
    const sorted = [...words].sort(compareWords);
    if (isDeepStrictEqual(sorted, this.state.words)) return false;
    this.state.words = structuredClone(sorted);
    return true;
  }

  async wordStats(field: WordField, value: string) {
    const found = this.state.words.filter((word) => word[field] === value);
    if (found.length === 0) return undefined;
    const other = field === 'root' ? 'lemma' : 'root';
    const related = [...new Set(found.flatMap((word) => (word[other] === null ? [] : [word[other]!])))].sort();
    return { occurrences: found.length, related };
  }

  async wordLocations(field: WordField, value: string, after: WordRef | null, limit: number) {
    return this.state.words
      .filter((word) => word[field] === value && (after === null || compareWords(word, after) > 0))
      .slice(0, limit)
      .map(({ surah, ayah, position }) => ({ surah, ayah, position }));
  }

  async ayahsWithRoot(root: string) {
    const counts = new Map<string, AyahWordCount>();
    for (const word of this.state.words) {
      if (word.root !== root) continue;
      const key = `${word.surah}:${word.ayah}`;
      const found = counts.get(key) ?? { surah: word.surah, ayah: word.ayah, count: 0 };
      found.count++;
      counts.set(key, found);
    }
    return [...counts.values()];
  }

  snapshot(): unknown {
    return structuredClone(this.state);
  }

  restore(snapshot: unknown): void {
    this.state = structuredClone(snapshot as State);
  }
}

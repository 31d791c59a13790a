/** The parts of nlp.js (no types of its own) that the bot's analysis uses. */
declare module '@nlpjs/core' {
  export class Container {
    use(plugin: unknown): void;
  }
}
declare module '@nlpjs/lang-es' {
  export const LangEs: unknown;
}
declare module '@nlpjs/sentiment' {
  export type SentimentResult = { score: number; numWords: number; numHits: number; average: number; vote: 'positive' | 'neutral' | 'negative' };
  export class SentimentAnalyzer {
    constructor(settings: { language: string }, container: unknown);
    process(input: { locale: string; text: string }): Promise<{ sentiment: SentimentResult }>;
  }
}

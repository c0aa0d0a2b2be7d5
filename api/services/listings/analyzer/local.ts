// The analyser without a Gemini key: no AI, only the colour measured from the first photo's pixels.
import { EMPTY_SUGGESTION } from '../../../contract/listing-suggestion.ts'
import type { ImageAnalyzer } from './image-analyzer.ts'
import { noFacts } from './normalize-analysis.ts'

export function createLocalAnalyzer(): ImageAnalyzer {
  return {
    name: 'local',
    analyze: async (input) => ({
      suggestion: { ...EMPTY_SUGGESTION, keywords: [], primaryColor: input.measuredColor },
      source: 'measured',
      facts: noFacts(),
      flaws: [],
      details: [],
    }),
  }
}

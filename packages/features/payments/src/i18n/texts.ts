import de from './de.json';
import en from './en.json';
import mandatesDe from './mandates.de.json';
import mandatesEn from './mandates.en.json';

/*
 * The package's texts, German first: the workflow screens, exports and triggers (de/en.json)
 * and the mandates, balances and the public mandate form (mandates.*.json). Keys are unique
 * across both files (each file keeps its own top-level groups).
 */
export const texts = {
  de: { ...de, ...mandatesDe },
  en: { ...en, ...mandatesEn },
};

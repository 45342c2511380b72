import de from './de.json';
import en from './en.json';

/** The package's texts, German first. */
export const texts = { de, en };

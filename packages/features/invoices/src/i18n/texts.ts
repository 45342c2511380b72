import de from './de.json';
import en from './en.json';
import formsDe from './forms.de.json';
import formsEn from './forms.en.json';

/*
 * The package's texts: the wizard, runs and lists (de.json/en.json) and the forms for payment
 * requests, partial and deposit invoices and the cost bearer's invoices (forms.*.json). Keys
 * are unique across both files (each file keeps its own top-level groups).
 */
export const texts = {
  de: { ...de, ...formsDe },
  en: { ...en, ...formsEn },
};

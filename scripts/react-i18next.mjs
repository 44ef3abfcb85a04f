// What the slices use of react-i18next, shared with the remotes under that name (scripts/rspack.shared.mjs
// aliases 'react-i18next' to this file in every slice's build, and 'react-i18next/whole' to the package
// itself): Trans, the HOCs, the SSR helpers and the ICU parts stay out of every first visit. A slice that
// imports a name missing here fails its build: add the name here.
export { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next/whole';

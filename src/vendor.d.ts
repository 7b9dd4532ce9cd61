/** Type declarations for packages that ship none. */
declare module 'ra-language-chinese' {
  import type { TranslationMessages } from 'react-admin';
  const messages: TranslationMessages;
  export default messages;
}

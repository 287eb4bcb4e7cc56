/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base for a split deployment (e.g. https://api.example.com/api); default '/api'. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

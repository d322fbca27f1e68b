/** AIProxy library ("knowledge base") API wire types: POST /api/library/ask. */

export interface LibraryAskRequest {
  model: string;
  query: string;
  libraryId: string;
  stream: boolean;
}

export interface LibraryDocument {
  title?: string;
  url?: string;
}

/** A non-streamed answer; `errCode` other than 0 (or `success: false`) is a failure described by `message`. */
export interface LibraryAnswer {
  success?: boolean;
  errCode?: number;
  message?: string;
  answer?: string;
  documents?: LibraryDocument[];
}

/** One `data:` line of a streamed answer. */
export interface LibraryStreamEvent {
  content?: string;
  finish?: boolean;
  model?: string;
  documents?: LibraryDocument[];
}

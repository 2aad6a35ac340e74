/** What a route answers: an HTTP status and the (encoded) JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Which database the server runs on. Its own module at the bottom of the tree: the config, the
 * db module and every migration name it, and none of them may import the others for it.
 */
export type Engine = 'sqlite' | 'postgres';

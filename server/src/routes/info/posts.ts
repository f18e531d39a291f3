import { findPost, listPosts } from '../../db/repositories/posts.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { toPostDetail, toPostInfo } from './postsModels.js';

/** The latest list holds this many posts. */
const LATEST_POSTS = 20;

/** Site posts (/api/posts*): pinned first, then the most recently updated. Markdown is served as
 *  stored; the client sanitises it. */
export const postHandlers: Handlers = {
  async infoGetLatestPosts(request) {
    return (await listPosts(request.server.db, LATEST_POSTS)).map(toPostInfo);
  },

  async infoGetPosts(request) {
    return (await listPosts(request.server.db)).map(toPostInfo);
  },

  async infoGetPost(request) {
    const post = await findPost(request.server.db, request.params.id);
    if (!post) throw notFound('The post was not found');
    return toPostDetail(post);
  },
};

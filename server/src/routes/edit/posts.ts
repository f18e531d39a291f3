/** Writing site posts (E1–E3). Ids are 8 hex characters of a hash of title, time and a random
 *  UUID; the pin-only rule of E2 applies when the pin changes. */
import { createHash, randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../../db/errors.js';
import {
  deletePost,
  findPost,
  insertPost,
  replacePost,
  setPostPinned,
  type PostFields,
} from '../../db/repositories/posts.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { logAdminAction } from '../admin/adminLog.js';
import { toPostDetail } from '../info/postsModels.js';
import { jsonString } from './lookup.js';

type PostEditModel = {
  title: string;
  summary?: string;
  content?: string;
  tags?: string[] | null;
  isPinned?: boolean;
};

export const newPostId = (title: string, time: number): string =>
  createHash('sha256').update(`${title}${time}${randomUUID()}`).digest('hex').slice(4, 12);

const fields = (body: PostEditModel): PostFields => ({
  title: body.title,
  summary: body.summary ?? '',
  content: body.content ?? '',
  tags: body.tags ?? [],
  isPinned: body.isPinned ?? false,
});

export const editPostHandlers: Handlers = {
  async editAddPost(request, reply) {
    const now = Date.now();
    const post = { ...fields(request.body), authorId: request.user?.id ?? null, updateTime: now };
    for (let attempt = 0; ; attempt++) {
      const id = newPostId(post.title, now);
      try {
        await insertPost(request.server.db, { ...post, id });
        logAdminAction(request, `Added post ${id}`);
        return reply.type('application/json; charset=utf-8').send(jsonString(id));
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  },

  async editUpdatePost(request) {
    const { db } = request.server;
    const { id } = request.params;
    const stored = await findPost(db, id);
    if (!stored) throw notFound('The post was not found');
    const wanted = fields(request.body);
    const changed =
      wanted.isPinned !== stored.isPinned
        ? await setPostPinned(db, id, wanted.isPinned)
        : await replacePost(db, id, {
            ...wanted,
            authorId: request.user?.id ?? null,
            updateTime: Date.now(),
          });
    const post = changed && (await findPost(db, id));
    if (!post) throw notFound('The post was not found');
    logAdminAction(request, `Updated post ${id}`);
    return toPostDetail(post);
  },

  async editDeletePost(request) {
    const { id } = request.params;
    if (!(await deletePost(request.server.db, id))) throw notFound('The post was not found');
    logAdminAction(request, `Deleted post ${id}`);
  },
};

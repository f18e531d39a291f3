/** Posts on the wire: the listed form and the full form, with the author's name and avatar. */
import type { components } from '#wire/schema.gen.js';
import type { Post } from '../../db/repositories/posts.js';
import { avatarUrl } from '../../domain/profiles.js';

export type PostInfoModel = components['schemas']['PostInfoModel'];
export type PostDetailModel = components['schemas']['PostDetailModel'];

export function toPostInfo(post: Post): PostInfoModel {
  return {
    id: post.id,
    title: post.title,
    summary: post.summary,
    isPinned: post.isPinned,
    tags: post.tags,
    authorAvatar: avatarUrl(post.authorAvatarHash),
    authorName: post.authorName,
    time: post.updateTime,
  };
}

export const toPostDetail = (post: Post): PostDetailModel => ({
  ...toPostInfo(post),
  content: post.content,
});

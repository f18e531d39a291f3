/** The `posts` resource of the console: `<Resource name="posts" {...posts} />`. */
import ArticleIcon from '@mui/icons-material/Article';
import type { Post } from '@/api/types';
import { PostCreate } from './PostCreate';
import { PostEdit } from './PostEdit';
import { PostList } from './PostList';

const posts = {
  list: PostList,
  edit: PostEdit,
  create: PostCreate,
  icon: ArticleIcon,
  recordRepresentation: (record: Pick<Post, 'title'>) => record.title,
};

export default posts;

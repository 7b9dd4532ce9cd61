/** A menu node's title in the user's language (seeded menus by route key `menu.<routeKey>`, others by name). */
import { useTranslate } from 'react-admin';
import { menuLabelKey, type MenuNode } from '../utils/menuTree';

export function useMenuTitle() {
  const translate = useTranslate();
  return (n: Pick<MenuNode, 'routeKey' | 'name'>) => {
    const key = menuLabelKey(n);
    return key ? translate(key, { _: n.name }) : n.name;
  };
}

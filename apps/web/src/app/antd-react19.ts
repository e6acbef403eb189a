import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

type ContainerWithRoot = (Element | DocumentFragment) & { _abideRoot?: Root };

/**
 * antd 5 renders wave effects and portals with ReactDOM.render, which React 19 removed;
 * this is antd's documented hook for React 19 (the same thing @ant-design/v5-patch-for-react-19 does).
 */
unstableSetRender((node, container) => {
  const host = container as ContainerWithRoot;
  host._abideRoot ??= createRoot(host);
  const root = host._abideRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => window.setTimeout(resolve, 0));
    root.unmount();
    delete host._abideRoot;
  };
});

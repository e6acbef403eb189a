import { Result } from 'antd';
import { ButtonLink } from './ButtonLink';

interface NotAllowedPageProps {
  /** The page's own class (its layout), and the document title it would have had. */
  className: string;
  documentTitle: string;
  title: string;
  subTitle: string;
  back: { to: string; label: string };
}

/** A role-gated page (Review Queue, Operations) for someone without the role; the server refuses its data anyway. */
export function NotAllowedPage({ className, documentTitle, title, subTitle, back }: NotAllowedPageProps) {
  return (
    <main className={`page ${className}`}>
      <title>{documentTitle}</title>
      <Result
        status="403"
        title={title}
        subTitle={subTitle}
        extra={
          <ButtonLink to={back.to} type="primary">
            {back.label}
          </ButtonLink>
        }
      />
    </main>
  );
}

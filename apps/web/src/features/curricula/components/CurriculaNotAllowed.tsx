import { NotAllowedPage } from '../../../shared/components/NotAllowedPage';

/** What a member or an outsider sees on a curriculum page: curricula are the church admins' (the server refuses too). */
export function CurriculaNotAllowed({ className }: { className: string }) {
  return (
    <NotAllowedPage
      className={className}
      documentTitle="Curricula · Abide"
      title="Curricula are for the church’s admins"
      subTitle="Only the church’s admins can write, assign and open its curricula."
      back={{ to: '/churches', label: 'Back to churches' }}
    />
  );
}

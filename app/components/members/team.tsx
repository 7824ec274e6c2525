import { Form, useNavigation } from "react-router";
import { MemberForm } from "~/components/members/member-form";
import { EmailInput } from "~/components/ui/email-input";
import { PrimaryButton } from "~/components/ui/primary-button";
import { RadioGroup } from "~/components/ui/radio-group";
import { SelectField } from "~/components/ui/select-field";
import type { FormError } from "~/forms/form-validation";
import { isoToBrDate } from "~/forms/masks";
import type { AssignedEvent } from "~/teams/event-access.server";
import type { PendingInvitation } from "~/teams/team-invitations.server";
import type { TeamMember } from "~/teams/team-members.server";
import {
  MEMBER_ROLE_DUTIES,
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
  type MemberRole,
} from "~/teams/team-roles";
import { cx } from "../ui/class-names";
import { EmptyList } from "./member-section";

const inviteSchemas = () => import("~/teams/team-schema");

/** A member as the page shows them: the day they joined as "12/03/2026". */
export type TeamRow = Omit<TeamMember, "joinedAt"> & { joinedOn: string };

/** An invitation as the page shows it: its days as "12/03/2026". */
export type InvitationRow = Omit<PendingInvitation, "createdAt" | "expiresAt"> & {
  sentOn: string;
  expiresOn: string;
};

interface You {
  userId: string;
  role: MemberRole;
  limited: boolean;
}

const roleText = (role: MemberRole, limited: boolean) =>
  limited ? `${MEMBER_ROLE_LABELS[role]} de alguns eventos` : MEMBER_ROLE_LABELS[role];

/** Everyone on the team, as a list of cards: name, e-mail, role, who invited them and when. */
export function TeamList({
  team,
  you,
  assignments,
  events,
  className,
}: {
  team: TeamRow[];
  you: You;
  assignments: Record<string, AssignedEvent[]>;
  events: AssignedEvent[];
  className?: string;
}) {
  const responsibles = team.filter((member) => member.role === "RESPONSAVEL").length;
  return (
    <section aria-labelledby="equipe-membros" className={className}>
      <h2 id="equipe-membros" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        Membros <span className="text-base font-semibold text-ink-subtle">({team.length})</span>
      </h2>
      <ul className="mt-4 flex flex-col gap-3">
        {team.map((member) => (
          <MemberCard
            key={member.userId}
            member={member}
            you={you}
            lastResponsible={member.role === "RESPONSAVEL" && responsibles === 1}
            assigned={assignments[member.userId] ?? []}
            events={events}
          />
        ))}
      </ul>
    </section>
  );
}

function MemberCard({
  member,
  you,
  lastResponsible,
  assigned,
  events,
}: {
  member: TeamRow;
  you: You;
  lastResponsible: boolean;
  assigned: AssignedEvent[];
  events: AssignedEvent[];
}) {
  const isYou = member.userId === you.userId;
  const manage = you.role === "RESPONSAVEL";
  const joined = member.ownAccount
    ? `Conta da instituição desde ${member.joinedOn}`
    : `Convidado(a) por ${member.invitedByName ?? "alguém que saiu da plataforma"} · entrou em ${member.joinedOn}`;
  return (
    <li className="rounded-2xl border border-line bg-white p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink [overflow-wrap:anywhere]">
            {member.name}
            {isYou ? <span className="font-normal text-ink-muted"> (você)</span> : null}
          </h3>
          <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">{member.email}</p>
        </div>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
          {roleText(member.role, member.limited)}
        </span>
      </div>
      <p className="mt-2 text-sm text-ink-muted">{joined}</p>
      {member.limited ? (
        <AssignedEvents
          member={member}
          assigned={assigned}
          events={events}
          canAssign={!you.limited}
        />
      ) : null}
      {manage && !isYou ? <RoleForm member={member} lastResponsible={lastResponsible} /> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {isYou ? (
          lastResponsible ? (
            <p className="text-sm text-ink-muted">
              Você é a única pessoa responsável: para sair, passe o papel a alguém da equipe.
            </p>
          ) : (
            <OneButton intent="remove" id={member.userId} label="Sair da equipe" />
          )
        ) : manage && !lastResponsible ? (
          <OneButton intent="remove" id={member.userId} label="Remover" more={member.name} />
        ) : null}
      </div>
    </li>
  );
}

/** A responsável changes someone's role (and whether a coordinator runs only some events). */
function RoleForm({ member, lastResponsible }: { member: TeamRow; lastResponsible: boolean }) {
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={member.userId} />
      <SelectField
        name="choice"
        label={`Papel de ${member.name}`}
        defaultValue={member.limited ? "LIMITED" : member.role}
        disabled={lastResponsible}
        hint={
          lastResponsible
            ? "É a única pessoa responsável: torne outra pessoa responsável antes."
            : undefined
        }
        options={ROLE_CHOICES}
      />
      {lastResponsible ? null : (
        <PrimaryButton variant="secondary" size="sm">
          Mudar papel<span className="sr-only"> de {member.name}</span>
        </PrimaryButton>
      )}
    </Form>
  );
}

const ROLE_CHOICES = [
  { value: "RESPONSAVEL", label: MEMBER_ROLE_LABELS.RESPONSAVEL },
  { value: "COORDENADOR", label: MEMBER_ROLE_LABELS.COORDENADOR },
  { value: "LIMITED", label: roleText("COORDENADOR", true) },
];

function AssignedEvents({
  member,
  assigned,
  events,
  canAssign,
}: {
  member: TeamRow;
  assigned: AssignedEvent[];
  events: AssignedEvent[];
  canAssign: boolean;
}) {
  const ids = new Set(assigned.map((event) => event.eventId));
  const free = events.filter((event) => !ids.has(event.eventId));
  return (
    <div className="mt-3 rounded-xl bg-surface-muted p-3">
      <p className="text-sm font-semibold text-ink">Eventos que coordena</p>
      {assigned.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">Nenhum evento ainda.</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1">
          {assigned.map((event) => (
            <li key={event.eventId} className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm text-ink [overflow-wrap:anywhere]">
                {event.name} · {isoToBrDate(event.eventDate)}
              </span>
              {canAssign ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="unassign" />
                  <input type="hidden" name="id" value={member.userId} />
                  <input type="hidden" name="eventId" value={event.eventId} />
                  <PrimaryButton variant="secondary" size="sm">
                    Retirar<span className="sr-only"> {event.name}</span>
                  </PrimaryButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canAssign && free.length > 0 ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="id" value={member.userId} />
          <SelectField
            name="eventId"
            label={`Designar evento para ${member.name}`}
            options={free.map((event) => ({
              value: event.eventId,
              label: `${event.name} · ${isoToBrDate(event.eventDate)}`,
            }))}
          />
          <PrimaryButton variant="secondary" size="sm">
            Designar
          </PrimaryButton>
        </Form>
      ) : null}
    </div>
  );
}

/** A one-button form; `label` shows, `more` completes its name for screen readers. */
function OneButton({
  intent,
  id,
  label,
  more,
}: {
  intent: string;
  id: string;
  label: string;
  more?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("id") === id;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <PrimaryButton variant="secondary" size="sm" loading={busy}>
        {label}
        {more ? <span className="sr-only"> {more}</span> : null}
      </PrimaryButton>
    </Form>
  );
}

/** Invitations still waiting for an answer, each with "Cancelar convite". */
export function PendingInvitations({
  invitations,
  className,
}: {
  invitations: InvitationRow[];
  className?: string;
}) {
  return (
    <section aria-labelledby="equipe-convites" className={className}>
      <h2 id="equipe-convites" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        Convites enviados{" "}
        <span className="text-base font-semibold text-ink-subtle">({invitations.length})</span>
      </h2>
      <div className="mt-4">
        {invitations.length === 0 ? (
          <EmptyList message="Nenhum convite esperando resposta." />
        ) : (
          <ul className="flex flex-col gap-3">
            {invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="rounded-2xl border border-line bg-white p-4 shadow-card sm:p-5"
              >
                <p className="font-semibold text-ink [overflow-wrap:anywhere]">
                  {invitation.email}
                </p>
                <p className="text-sm text-ink-muted">
                  {roleText(invitation.role, invitation.limited)} · enviado por{" "}
                  {invitation.invitedByName ?? "alguém que saiu da plataforma"} em{" "}
                  {invitation.sentOn} · vale até {invitation.expiresOn}
                </p>
                <div className="mt-3">
                  <OneButton
                    intent="cancel-invite"
                    id={invitation.id}
                    label="Cancelar convite"
                    more={`para ${invitation.email}`}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** "Convidar para a equipe": an e-mail, a role and, for a coordinator, whether of some events. */
export function InviteForm({
  error,
  values,
  className,
}: {
  error?: FormError | null;
  values?: Record<string, string>;
  className?: string;
}) {
  return (
    <section aria-labelledby="equipe-convidar" className={cx("flex flex-col gap-4", className)}>
      <h2 id="equipe-convidar" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        Convidar para a equipe
      </h2>
      <MemberForm
        schemas={inviteSchemas}
        schema={(schemas) => schemas.inviteSchema}
        serverError={error?.field === "form" ? null : error}
        submitLabel="Enviar convite"
      >
        {(errorFor) => (
          <>
            <input type="hidden" name="intent" value="invite" />
            <EmailInput
              name="email"
              label="E-mail da pessoa"
              defaultValue={values?.email}
              error={errorFor("email")}
              required
            />
            <RadioGroup
              name="role"
              legend="Papel na equipe"
              layout="cards"
              defaultValue={values?.role ?? "COORDENADOR"}
              error={errorFor("role")}
              options={MEMBER_ROLES.map((role) => ({
                value: role,
                label: MEMBER_ROLE_LABELS[role],
                description: MEMBER_ROLE_DUTIES[role],
              }))}
            />
            <label className="flex min-h-11 items-start gap-3 py-1 text-sm text-ink">
              <input
                type="checkbox"
                name="limited"
                defaultChecked={values?.limited === "on"}
                className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-ring"
              />
              <span>
                Só os eventos que eu designar (vale para coordenação: a pessoa vê e cuida apenas dos
                eventos que criar ou que forem passados a ela)
              </span>
            </label>
          </>
        )}
      </MemberForm>
    </section>
  );
}

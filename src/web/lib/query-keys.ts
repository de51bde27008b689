import type { Role } from '../../shared/roles'
import type { AdminStudentTab } from '../../shared/screens'

/** Manage Students: which tab, and the search typed. */
export interface AdminStudentFilters {
  tab: AdminStudentTab
  q: string
}

export interface UserFilters {
  q: string
  role: Role | ''
}

/**
 * Every query key of the web app, in one tree. The features' query-options factories take their
 * keys from here, and a mutation that must refresh another feature's data invalidates through
 * these, never through a string literal, so a renamed key cannot silently stop a refresh.
 * Prefixes matter: invalidating `queryKeys.screens.all` refreshes every screen, the admin ones
 * included.
 */
export const queryKeys = {
  currentUser: ['current-user'] as const,
  mySessions: ['my-sessions'] as const,
  appSettings: ['app-settings'] as const,
  invitePreview: (invite: string) => ['invite-preview', invite] as const,
  screens: {
    all: ['screens'] as const,
    myDashboard: () => ['screens', 'my-dashboard'] as const,
    week: () => ['screens', 'week'] as const,
    userProfile: (uuid: string) => ['screens', 'user-profile', uuid] as const,
    admin: ['screens', 'admin'] as const,
    adminOverview: () => ['screens', 'admin', 'overview'] as const,
    adminUsers: () => ['screens', 'admin', 'users'] as const,
    adminStudents: (filters: AdminStudentFilters) => ['screens', 'admin', 'students', filters] as const,
  },
  students: {
    all: ['students'] as const,
    list: (archived: boolean) => ['students', 'list', { archived }] as const,
    detail: (uuid: string) => ['students', 'detail', uuid] as const,
    /** The record's overview (next deadline, next task); plan changes refresh every one. */
    overviews: ['students', 'overview'] as const,
    overview: (uuid: string) => ['students', 'overview', uuid] as const,
    availableUsers: (uuid: string) => ['students', 'available-users', uuid] as const,
    notes: (uuid: string) => ['students', 'notes', uuid] as const,
    tasks: (uuid: string) => ['students', 'tasks', uuid] as const,
    colleges: (uuid: string) => ['students', 'colleges', uuid] as const,
    guardianInvites: (uuid: string) => ['students', 'guardian-invites', uuid] as const,
    profile: (uuid: string) => ['students', 'profile', uuid] as const,
    /** Tutoring sessions and the hours ledger (with the packages) of one record. */
    sessions: (uuid: string) => ['students', 'sessions', uuid] as const,
    /** The record's sessions from a day on (under `sessions`, so a session change refreshes them). */
    sessionsFrom: (uuid: string, from: string) => ['students', 'sessions', uuid, 'from', from] as const,
    hours: (uuid: string) => ['students', 'hours', uuid] as const,
    /** Practice attempts (the list, one attempt by its review filter) and the skills they give. */
    practice: (uuid: string) => ['students', 'practice', uuid] as const,
    practiceAttempt: (uuid: string, attemptUuid: string) =>
      ['students', 'practice', uuid, 'attempt', attemptUuid] as const,
    skills: (uuid: string) => ['students', 'practice', uuid, 'skills'] as const,
    /** One conversation of a record (`family` or `staff`), paged newest first. */
    messages: (uuid: string, kind: string) => ['students', 'messages', uuid, kind] as const,
  },
  /** The caller's unread conversations and their total (the sidebar's count, the dashboard's list). */
  unreadMessages: ['unread-messages'] as const,
  /** Educators' weeks on /schedule; a session change refreshes every one. */
  schedule: {
    all: ['schedule'] as const,
    week: (educatorUuid: string, from: string) => ['schedule', educatorUuid, from] as const,
  },
  /** What admins let students change on their own record. */
  studentRules: ['student-rules'] as const,
  /** Under one prefix, so a task change refreshes both dashboard lists. */
  myTasks: (scope: 'assigned' | 'students') => ['my-tasks', scope] as const,
  calendarFeed: ['calendar-feed'] as const,
  educatorStudents: {
    all: ['educator-students'] as const,
    of: (educatorUuid: string) => ['educator-students', educatorUuid] as const,
  },
  users: {
    all: ['users'] as const,
    list: (filters: UserFilters) => ['users', 'list', filters] as const,
    /** The educators a broadcast may address (all of them, by name). */
    educators: ['users', 'educators'] as const,
  },
  invites: {
    all: ['user-invites'] as const,
    list: () => ['user-invites', 'list'] as const,
  },
  auditEvents: {
    all: ['audit-events'] as const,
    student: (studentId: string) => ['audit-events', 'student', studentId] as const,
  },
  inquiries: { all: ['inquiries'] as const },
  /** The practice test forms as listed (no key). */
  practiceForms: ['practice-forms'] as const,
  /** A practice test form read in full (with the key, for admins), under the list's prefix. */
  practiceForm: (uuid: string) => ['practice-forms', uuid] as const,
  /** An educator's caseload by skill over a date range. */
  caseloadSkills: (educator: string, from: string, to: string) =>
    ['caseload-skills', educator, from, to] as const,
}

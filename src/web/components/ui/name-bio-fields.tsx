import { useForm } from 'react-hook-form'
import {
  BIO_MAX,
  type CurrentUser,
  educatorOnboardFormSchema,
  NAME_MAX,
  onboardBodySchema,
} from '../../../shared/users'
import { zodResolver } from '../../lib/zod-resolver'
import { TextField } from './text-field'

/** The name (and, for educators, bio) form of /onboarding and /settings: one set of rules. */
export function useNameBioForm(user: CurrentUser) {
  const isEducator = user.profileEducator != null
  const form = useForm({
    // Educators must write a bio (docs/product.md#onboarding).
    resolver: zodResolver(isEducator ? educatorOnboardFormSchema : onboardBodySchema),
    defaultValues: { name: user.name, bio: user.profileEducator?.bio ?? '' },
  })
  /** What to send: a bio only for educators. */
  const bodyOf = ({ name, bio }: { name: string; bio?: string }) => (isEducator ? { name, bio } : { name })
  return { form, isEducator, bodyOf }
}

export function NameBioFields({ form, isEducator }: Omit<ReturnType<typeof useNameBioForm>, 'bodyOf'>) {
  const { errors } = form.formState
  return (
    <>
      <TextField
        label="Name"
        autoComplete="name"
        maxLength={NAME_MAX}
        registration={form.register('name')}
        error={errors.name?.message}
      />
      {isEducator ? (
        <TextField
          label="Bio"
          multiline
          maxLength={BIO_MAX}
          help="A few sentences: what you teach and how you work with students."
          registration={form.register('bio')}
          error={errors.bio?.message}
        />
      ) : null}
    </>
  )
}

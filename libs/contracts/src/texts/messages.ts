/**
 * The message catalogue of the platform (Messages) and of questions, answers, accounts, profiles and reports; the other
 * areas' catalogues are beside it in this folder. messages.ts re-exports them all (as does the contracts index).
 * Texts with a slot are functions.
 */
import type { QuestionFilter, QuestionScope } from '../questions';
import { REPORT_TYPES } from '../reports';
import type { ApprovalStatus } from '../roles';
import { REJECTION_REASON_MAX_LENGTH, USERS_BY_IDS_MAX } from '../auth';

/**
 * The specification's validation rules (section 5), portal rules (section 6) and error and success lists (section 8),
 * word for word, plus our own texts for situations the spec has none for (`platform`).
 */
export const Messages = {
  validation: {
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email address',
    passwordRequired: 'Password is required',
    emailNotVerified: 'Please verify your email before logging in. Check your inbox for the verification link.',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    passwordTooShort: 'Password must be at least 8 characters',
    // Ours (ASVS 2.1.7): the spec has no rule against common passwords.
    passwordTooCommon: 'This password is too common and easy to guess. Please choose a less common one.',
    disclaimersRequired: 'You must agree to the disclaimers',
    agreeToDisclaimers: 'Please agree to the disclaimers',
    selectRole: 'Please select a role',
    hipaaRequired: 'HIPAA consent is required',
    passwordsDoNotMatch: 'Passwords do not match',
    confirmPassword: 'Please confirm your password',
    samePassword: 'Please choose a different password than your current one.',
    answerTextRequired: 'Answer text is required',
    explanationRequired: 'Explanation and logic is required',
    sourceRequired: 'At least one source is required',
    searchMethodRequired: 'Search method is required',
    questionTextRequired: 'Question text is required',
    questionTooShort: 'Question must be at least 10 characters long',
    linkUrlRequired: 'Please enter a Link URL',
    linkUrlInvalid: 'Please enter a valid URL',
    // 'Expert ID is required' (spec section 5) is not in the catalogue: it cannot occur here, as an expert's rating takes the
    // expert id from the signed-in session (the access token), never from the request, and a call without a session is a 401.
    patientNotFoundForUser: 'Patient not found for the given user ID',
    reportNotFound: 'Report not found',
    invalidFileType: 'Invalid file type. Only PDF, JPG, JPEG, and PNG files are allowed.',
    fileTooLarge: 'File is too large. Maximum allowed size is 15MB.',
    fieldRequired: (label: string) => `${label} is required`,
    profileIncomplete: 'Please fill out all required fields to complete your profile:',
    valueTooLarge: (max: number) => `Value must be ${max} or less.`,
    valueTooSmall: (min: number) => `Value must be ${min} or greater.`,
    invalidYear: 'Please enter a valid 4-digit year',
  },
  portal: {
    usePortal: (role: 'Patient' | 'Expert' | 'Admin') => `You are registered as a ${role}. Please use the ${role} Login.`,
    roleMismatch: 'Your account role does not match this login portal.',
    notAdmin: 'You are not an admin. Please use the correct login portal.',
    noPermission: "You don't have permission to access this page",
    loginToRate: 'Please log in to rate answers',
    loginToGiveFeedback: 'Please log in to submit feedback',
    reportsPatientOnly: 'Medical reports are only visible to the patient.',
    rateOnScientificMerit: 'Please rate on scientific merit',
  },
  errors: {
    unableToLogin: 'Unable to login. Please contact support for assistance.',
    couldNotVerifyStatus: 'Could not verify account status. Please contact support for assistance.',
    unableToAccess: 'Unable to access system. Please contact support for assistance.',
    loginFailed: 'Login failed',
    invalidLoginResponse: 'Invalid login response',
    registrationFailed: 'Registration failed',
    invalidRegistrationResponse: 'Invalid registration response',
    noActiveSession: 'No active session',
    /** A report upload with no access token in memory whose renewal from the refresh cookie fails (nothing is sent). */
    noToken: 'No authentication token available',
    timedOut: 'Request timed out. Please try again.',
    uploadReportFailed: 'Failed to upload medical report',
    deleteReportFailed: 'Failed to delete medical report',
    fetchReportsFailed: 'Failed to fetch medical reports',
    httpStatus: (status: number) => `HTTP error! status: ${status}`,
    emailRegistered: 'This email is already registered. Please login instead.',
    authenticationFailed: 'Authentication failed. Please try again.',
    registrationRejected: 'Your registration was rejected. Please contact support for more information.',
    ratingFailed: 'Failed to submit rating. Please try again.',
    feedbackFailed: 'Failed to submit feedback. Please try again.',
    deleteAnswerFailed: 'Failed to delete answer. Please try again.',
    submitAnswerFailed: 'Failed to submit answer. Please try again.',
    updateQuestionFailedRetry: 'Failed to update question. Please try again.',
    updateCancerTypeFailed: 'Failed to update cancer type',
    updateQuestionFailed: 'Failed to update question',
    /** When the similar answered questions cannot be looked up (the ask dialog, the search box); a failed list says loadQuestionsFailed. */
    fetchQuestionsFailed: 'Failed to fetch questions. Please try again.',
    deleteQuestionFailed: 'Failed to delete question. Please try again.',
    submitQuestionFailed: 'Failed to submit question. Please try again.',
    noResponse: 'No response received from server',
    processUrlFailed: 'Failed to process URL. Please try again.',
    loadQuestionFailed: 'Error loading question. Please try again later.',
    questionNotFound: 'Question not found.',
    loadQuestionsFailed: 'Error loading questions. Please try again later.',
    noQuestions: 'No questions found.',
    userActionFailed: (action: string, error: string) => `Failed to ${action} user: ${error}`,
    errorPrefix: (message: string) => `Error: ${message}`,
    fetchUserFailed: 'Failed to fetch user data',
    userNotFound: 'User not found',
    sendResetFailed: 'Failed to send password reset email. Please try again.',
    resetFailed: 'Failed to reset password. Please try again.',
    nextStepFailed: 'Failed to move to next step. Please try again.',
    previousStepFailed: 'Failed to move to previous step. Please try again.',
    saveProgressFailed: 'Failed to save progress.',
    completeProfileFailed: 'Failed to complete profile. Please try again.',
    fetchPatientFailed: 'Failed to fetch patient data',
    patientNotFound: 'Patient not found',
    patientNotFoundSentence: 'Patient not found.',
    errorFetchingPatient: 'Error fetching patient data.',
    loginToAccessProfile: 'Please log in to access your profile',
    uploadFailed: 'Upload failed',
    deleteFailed: 'Delete failed',
    noFileOrUser: 'No file selected or user not authenticated.',
    networkError: 'Network error. Please try again.',
    resendVerificationFailed: 'Failed to resend verification email',
    aiAnswerFailed: 'Failed to get AI answer',
  },
  empty: {
    noPatientData: 'No patient data available',
    noReports: 'No medical reports available',
    noReportsUploaded: 'No medical reports uploaded yet.',
    noSymptoms: 'No symptoms reported.',
    noFamilyHistory: 'No family history of cancer reported.',
    noneReported: 'None reported',
  },
  success: {
    login: 'Login successful!',
    registration: 'Registration successful! Please check your email to verify your account before logging in.',
    verificationSent: 'Verification email sent successfully!',
    resetSent: 'Password reset instructions sent to your email!',
    passwordReset: 'Password has been reset successfully!',
    progressSaved: 'Progress saved!',
    profileSubmitted: 'Profile submitted successfully!',
    patientProfileUpdated: 'Patient profile updated successfully!',
    reportUploaded: 'Report uploaded!',
    reportDeleted: 'Report deleted',
    answerDeleted: 'Answer deleted successfully!',
    answerUpdated: 'Answer updated successfully!',
    answerSubmitted: 'Answer submitted successfully!',
    communityAnswerAdded: 'Community answer added successfully!',
    ratingSubmitted: 'Rating submitted successfully!',
    feedbackSubmitted: 'Feedback submitted successfully!',
    questionDeleted: 'Question deleted successfully!',
    questionSubmitted: 'Question submitted successfully!',
    importProcessed: 'Question and answers processed and saved successfully!',
    cancerTypeUpdated: 'Cancer type updated!',
    questionUpdated: 'Question updated!',
    userApproved: 'User approved successfully',
    userStatusChanged: (status: string) => `User ${status} successfully!`,
  },
  /** Texts of our own (the spec has none for these situations). */
  platform: {
    unexpected: 'Something went wrong on our side. Please try again.',
    notFound: 'We could not find what you asked for.',
    signInRequired: 'Please sign in to continue.',
    accessDenied: "You don't have permission to do this.",
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
    /** 503 when a request waited too long for a row another transaction held (DB_LOCK_WAIT_TIMEOUT_S). */
    busy: 'This record is being changed by another request. Please try again.',
    aiNotConfigured: 'AI provider not configured',
    bodyTooLarge: 'The request is too large.',
    bodyTooComplex: 'The request has too many fields or is nested too deeply.',
    bodyNotJson: 'The request body is not valid JSON.',
    moreProblems: (count: number) => `…and ${count} more problems.`,
  },
} as const;

/** The question screens' texts the spec quotes (section 2), shown by the three remotes and the shared Q&A components. */
export const QuestionTexts = {
  askButton: 'Ask a new question',
  askModalTitle: 'Ask a New Question',
  patientEmpty: 'No questions found. Be the first to ask!',
  /** My questions (issue 44), when the patient has asked none that match. */
  mineEmpty: 'You have not asked a question that matches. Ask a new question, or show all questions.',
  scopeLabel: 'Whose questions',
  scopeLabels: { all: 'All questions', mine: 'My questions' } as Record<QuestionScope, string>,
  expertEmpty: 'No questions found matching your criteria.',
  needsExpertAnswerBadge: 'Needs expert answer',
  filterLabels: { unanswered: 'Needs Expert Answer', all: 'All Questions', answered: 'Answered by Expert' } as Record<QuestionFilter, string>,
  anonymous: 'Anonymous',
  viewProfile: 'View Profile',
  provideExpertAnswer: 'Provide Expert Answer',
  submitExpertAnswer: 'Submit Expert Answer',
  editAnswer: 'Edit Answer',
  emptyTabPatient: (tab: string) => `No ${tab} answers yet. Check back later!`,
  emptyTabExpert: (tab: string) => `No ${tab} answers yet.`,
  deleteAnswerTitle: 'Delete Answer',
  deleteAnswerBody: 'Are you sure you want to delete this answer? This action cannot be undone.',
  reviewEmpty: 'No expert or AI answers yet.',
  loadingQuestion: 'Loading question...',
  createQuestionManually: 'Create Question Manually',
  adminDashboardTitle: 'Admin Dashboard',
  addAnswer: 'Add Answer',
  expertAnswerBadge: 'Expert Answer',
} as const;

/** The API's own refusal and validation texts for questions, answers and ratings (the spec has none for these). */
export const QuestionApiTexts = {
  mineForPatientsOnly: "Only patients ask questions, so only they can list their own (scope 'mine').",
  notYourQuestion: 'You can only edit your own questions.',
  notYourAnswer: 'You can only change your own expert answers.',
  expertAnswersOnly: 'Experts can only add expert answers.',
  answerTypeRequired: 'Choose the kind of answer: ai, quora, expert or deep_research.',
  cannotRateOwnAnswer: 'You cannot rate your own answer.',
  cancerTypeInvalid: 'Choose a cancer type from the list.',
  ratingRange: 'Rating must be a whole number from 1 to 5.',
  answerNotFound: 'Answer not found.',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters long.`,
} as const;

/** Texts of the auth API that the spec does not quote (ours). */
export const AuthTexts = {
  invalidCredentials: 'Invalid email or password.',
  emailVerified: 'Your email has been verified. An administrator now reviews your registration; we will email you as soon as it is approved.',
  verificationExpired: 'This verification link has expired. Please request a new one.',
  verificationInvalid: 'This verification link is not valid.',
  /** A used link whose account is confirmed already (opened again, or by a second tab): nothing is wrong. */
  alreadyVerified: 'This email address is already verified. You can log in.',
  /** Under the spec's refusal (unableToLogin) when the account waits for an admin (issue 44). */
  registrationAwaitingApproval: 'Your registration is awaiting approval by an administrator. We will email you once it is reviewed.',
  signedOut: 'You have signed out.',
  /** Under a new password's field before anything is sent: the rule the spec's and our checks apply (PASSWORD_MIN_LENGTH). */
  passwordRule: 'At least 8 characters, and not a common password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  sessionCheckUnavailable: 'We cannot check your session right now. Please try again in a moment.',
  crossSiteRefused: 'This request came from another site and was refused.',
  twoSessionCookies: 'This request carried two session cookies and was refused. Please sign in again.',
  jsonOnly: 'This request must be sent as application/json.',
  formOnly: 'This request must be a form post (application/x-www-form-urlencoded).',
  institutionSignIn: 'Sign in with your institution',
  institutionEmailUnverified: 'Your institution did not confirm your email address, so it cannot be matched to an account here.',
  institutionNoAccount: 'No approved expert or admin account here uses the email address your institution gave. Register first, or ask an admin.',
  institutionFailed: 'Signing in with your institution did not work. Please try again or use your password.',
} as const;

/** Texts of the accounts API that the spec does not quote (ours), continued. */
export const AccountTexts = {
  invalidTransition: (from: ApprovalStatus, to: ApprovalStatus) =>
    `The approval status cannot change from ${from} to ${to}.`,
  adminExists: 'An account with this email already exists.',
  cannotBlockSelf: 'You cannot block your own account.',
  approvalChangedMeanwhile: 'Another admin changed this account meanwhile. Reload the list and try again.',
  rejectionReasonTooLong: `The reason must be at most ${REJECTION_REASON_MAX_LENGTH} characters long.`,
  usersByIdsInvalid: `Send ids: a list of 1 to ${USERS_BY_IDS_MAX} user ids.`,
} as const;

/**
 * The profile screens' texts the spec quotes (section 2), and our own profile validation texts, which the contracts'
 * rules, the server and the web all use (marked below).
 */
export const ProfileTexts = {
  summaryTitleFor: 'Profile Summary for',
  summaryTitle: 'Profile Summary',
  summaryTitleForPatientId: 'Profile Summary for Patient ID: ',
  lastUpdated: 'Last updated',
  goToDashboard: 'Go to Dashboard',
  notSpecified: 'Not specified',
  viewConsolidatedProfile: 'View Consolidated Profile',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  loadingSummary: 'Loading summary...',
  viewProfile: 'View Profile',
  edit: 'Edit',
  other: 'Other',
  performanceScaleLink: 'Karnofsky Performance Status Scale',
  reviewOfSystemsLink: 'Review of Systems Symptom List',
  // Our own texts (the spec shows none for these).
  notAProfile: 'The profile must be an object of field names and values.',
  unknownField: (name: string) => `Unknown profile field: ${name}`,
  notAnOption: 'Please choose one of the listed options.',
  notAList: 'Please choose from the list.',
  notText: 'Please enter text.',
  textTooLong: (max: number) => `Please use at most ${max} characters.`,
  notANumber: 'Please enter a number.',
  wholeNumber: 'Please enter a whole number.',
  notSymptoms: 'Symptoms must be grouped by body system.',
  unknownSymptomCategory: (category: string) => `Unknown body system: ${category}`,
  unknownSymptom: (symptom: string) => `Unknown symptom: ${symptom}`,
  notRelativeDetails: 'Family history details must be given per relative.',
  unknownRelative: (relative: string) => `Unknown relative: ${relative}`,
  /** Final submit refused by the server: the spec's toast text followed by the missing labels. */
  missingFields: (labels: readonly string[]) => `Please fill out all required fields to complete your profile: ${labels.join(', ')}`,
  patientExists: 'This user already has a patient record.',
  notAPatient: 'This user is not a patient.',
} as const;

/** The reports API's own refusals (the spec has none for these); the web shows them as the server sends them. */
export const ReportTexts = {
  oneFileOnly: 'Please upload one file at a time.',
  quotaFiles: (max: number) => `This patient already has ${max} reports, the most allowed. Delete a report to upload another.`,
  quotaBytes: (maxMb: number) => `This upload would take this patient's reports over the ${maxMb} MB allowed. Delete a report to make room.`,
  tooManyUploads: 'Too many uploads in a short time. Please wait a while and try again.',
  tooManyFields: 'The upload has too many form fields.',
  fileFieldName: 'Send the report in the "file" field.',
  multipartRequired: 'Send the report as multipart/form-data.',
  malformed: 'The upload is not a valid multipart form.',
  interrupted: 'The upload was interrupted. Please try again.',
  whoseReports: 'user_id or patient_id is required.',
  fieldsBeforeFile: 'Send report_type (and user_id) before the file.',
  reportTypeInvalid: `report_type must be one of: ${REPORT_TYPES.join(', ')}`,
  userIdRequired: 'user_id is required when uploading for a patient.',
  userIdInvalid: 'user_id must be a UUID',
} as const;
